import { DomainError, fieldError } from '#exceptions/domain_error'

/** Domain errors of the AI tools (docs/rules/ai.md#tools). */

const SAFE_MODEL_ERROR =
  'The AI model returned an answer we could not use. Nothing was saved and no credit was used. Please try again.'

export class UnknownAiToolError extends DomainError {
  constructor(toolId: string) {
    super(404, 'NOT_FOUND', `Unknown AI tool '${toolId}'`)
  }
}

/** The model failed or answered something unusable: nothing persisted, nothing charged (500). */
export class AiModelFailedError extends DomainError {
  constructor() {
    super(500, 'INTERNAL_SERVER_ERROR', SAFE_MODEL_ERROR)
  }
}

/** The scope has no usable content (422, the one 422 of the contract). */
export class AiScopeEmptyError extends DomainError {
  constructor(message: string) {
    super(422, 'UNPROCESSABLE_ENTITY', message)
  }
}

/** No scope at all, or a malformed id in it (400). */
export class AiScopeInvalidError extends DomainError {
  constructor(message: string, field: string, rule: string, fieldMessage = message) {
    super(400, 'BAD_REQUEST', message, { errors: fieldError(field, rule, fieldMessage) })
  }
}

/** A document, course or AI result that is missing (or, for results, someone else's): 404. */
export class AiResourceNotFoundError extends DomainError {
  constructor(what: string) {
    super(404, 'NOT_FOUND', `${what} not found`)
  }
}

/** A foreign document or course in the scope (403, docs/rules/ai.md#tools). */
export class AiAccessDeniedError extends DomainError {
  constructor(message: string) {
    super(403, 'FORBIDDEN', message)
  }
}

/** An Idempotency-Key already used for another tool or body (409): its answer belongs to that request. */
export class AiIdempotencyConflictError extends DomainError {
  constructor() {
    super(
      409,
      'CONFLICT',
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.'
    )
  }
}

/** An answer that names no option of its question (-1 is a skipped question). */
export class TriviaAnswerRangeError extends DomainError {
  constructor(index: number, options: number) {
    super(400, 'BAD_REQUEST', `Answer ${index + 1} names no option (0 to ${options - 1}, or -1 to skip).`, {
      errors: fieldError(`answers.${index}`, 'range', `answers.${index} must be -1 or 0 to ${options - 1}`),
    })
  }
}

export class TriviaAnswerCountError extends DomainError {
  constructor(expected: number, given: number) {
    super(400, 'BAD_REQUEST', `Send exactly one answer per question (${expected} expected, ${given} given).`, {
      errors: fieldError('answers', 'length', `answers must have ${expected} entries`),
    })
  }
}

/** Every worker thread is busy with other generations (or this one ran out of time): 503, nothing charged. */
export class AiBusyError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'SERVICE_UNAVAILABLE',
      'Too many study tools are being generated right now. Nothing was saved and no credit was used. Try again in a few seconds.',
      { headers: { 'Retry-After': String(retryAfterSeconds) } }
    )
  }
}
