import { EmailNotVerifiedError } from '#exceptions/accounts_errors'
import { MESSAGES } from '#services/accounts/errors'

/**
 * The email part of the plan-access guard (docs/rules/billing.md#guard-order,
 * docs/rules/accounts.md#account-mail): routes marked AI_CREDIT or UPLOAD answer 403 `{ code:
 * "EMAIL_NOT_VERIFIED", message, status: 403 }` for unverified users. The plan-access middleware calls this
 * after the active-status check.
 */
export function assertEmailVerified(user: { emailVerified: boolean | number | null | undefined }) {
  if (!user.emailVerified) throw new EmailNotVerifiedError(MESSAGES.emailNotVerified)
}
