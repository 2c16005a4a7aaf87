import { BadFieldError, DomainError, notFoundError } from '#exceptions/domain_error'

/**
 * Domain errors of the notes area (docs/rules/notes.md#notes); the handler turns them into the contract body.
 */
export class NoteNotFoundError extends notFoundError('Note not found') {}

export class ReferenceNotFoundError extends notFoundError('Reference not found') {}

/** The document, course or institution a reference names is missing or private (404). */
export class ReferenceTargetNotFoundError extends DomainError {
  constructor(targetType: string) {
    super(404, 'NOT_FOUND', `The ${targetType} to reference was not found`)
  }
}

export class ReferenceTargetRequiredError extends BadFieldError {
  constructor() {
    super('target_id', 'required', 'target_id or target_slug is required')
  }
}

export class CanvasNodeOutOfBoundsError extends DomainError {
  constructor(nodeId: string) {
    super(400, 'BAD_REQUEST', `Node ${nodeId} is outside the canvas bounds`)
  }
}

/** A JSON Canvas card with more text than a note body holds: refused whole, never cut. */
export class CanvasCardTooLongError extends DomainError {
  constructor(nodeId: string, max: number) {
    super(400, 'BAD_REQUEST', `Card ${nodeId} holds more than ${max} characters of note text`)
  }
}
