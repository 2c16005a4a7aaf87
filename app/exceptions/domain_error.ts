import { ApiError, type ErrorCode, type FieldError } from '#exceptions/api_error'

export type { ErrorCode, FieldError }

/**
 * The base of every domain error (`app/exceptions/<area>_errors.ts`): a rule of the domain
 * was not met. Each subclass fixes its status and contract `code`; services throw those and
 * never ApiError or anything of HTTP. The exception handler writes the contract body.
 */
export abstract class DomainError extends ApiError {}

/** A field-level error as the contract's `errors` list carries it. */
export function fieldError(field: string, rule: string, message: string): FieldError[] {
  return [{ field, rule, message }]
}

/**
 * The base of a domain error whose status and contract code are fixed and whose message is
 * the thrower's: `class StorageUnavailableError extends errorWith(503, 'SERVICE_UNAVAILABLE') {}`.
 */
export function errorWith(status: number, code: ErrorCode) {
  return class extends DomainError {
    constructor(message: string) {
      super(status, code, message)
    }
  }
}

/** The base of a 404 whose message is fixed: `class CardNotFoundError extends notFoundError('Card not found') {}`. */
export function notFoundError(message: string) {
  return class extends DomainError {
    constructor() {
      super(404, 'NOT_FOUND', message)
    }
  }
}

/** A 400 BAD_REQUEST about one field of the input; its message is also the field's error. */
export abstract class BadFieldError extends DomainError {
  constructor(field: string, rule: string, message: string) {
    super(400, 'BAD_REQUEST', message, { errors: fieldError(field, rule, message) })
  }
}
