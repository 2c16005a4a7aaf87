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
