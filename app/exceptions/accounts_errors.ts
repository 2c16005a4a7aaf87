import { DomainError, fieldError } from '#exceptions/domain_error'

/**
 * Domain errors of accounts (docs/rules/accounts.md#signup, docs/rules/accounts.md#sessions); the copy is in
 * services/accounts/errors.ts.
 */

const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) })

/** Wrong credentials, a refused address, a wrong current password, …: 400 with one message. */
export class AccountInputError extends DomainError {
  constructor(message: string, field?: { field: string; rule: string }) {
    super(400, 'BAD_REQUEST', message, { errors: field ? fieldError(field.field, field.rule, message) : undefined })
  }
}

/** An email or username another account holds (409). */
export class AccountConflictError extends DomainError {
  constructor(message: string) {
    super(409, 'CONFLICT', message)
  }
}

/** Too many sign-ups from one network, or verification mails for one account (429). */
export class AccountRateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', message, { headers: retryAfter(retryAfterSeconds) })
  }
}

export class EmailNotVerifiedError extends DomainError {
  constructor(message: string) {
    super(403, 'EMAIL_NOT_VERIFIED', message)
  }
}

/** A verification or reset token that is used, expired or invalid: 400 with its `reason`. */
export class AccountTokenError extends DomainError {
  constructor(
    message: string,
    readonly reason: 'used' | 'expired' | 'invalid'
  ) {
    super(400, 'BAD_REQUEST', message, { extra: { reason } })
  }
}
