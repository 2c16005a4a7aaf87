import { ApiError } from '#exceptions/api_error'

/** Domain errors of the notes area (CONTRACT 7); the handler turns them into the contract body. */
export class NoteNotFoundError extends ApiError {
  constructor() {
    super(404, 'NOT_FOUND', 'Note not found')
  }
}

export class ReferenceNotFoundError extends ApiError {
  constructor() {
    super(404, 'NOT_FOUND', 'Reference not found')
  }
}

/** The document, course or institution a reference names is missing or private (404). */
export class ReferenceTargetNotFoundError extends ApiError {
  constructor(targetType: string) {
    super(404, 'NOT_FOUND', `The ${targetType} to reference was not found`)
  }
}

export class ReferenceTargetRequiredError extends ApiError {
  constructor() {
    const message = 'target_id or target_slug is required'
    super(400, 'BAD_REQUEST', message, { errors: [{ field: 'target_id', rule: 'required', message }] })
  }
}

export class CanvasNodeOutOfBoundsError extends ApiError {
  constructor(nodeId: string) {
    super(400, 'BAD_REQUEST', `Node ${nodeId} is outside the canvas bounds`)
  }
}
