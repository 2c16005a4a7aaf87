import { AccountTokenError } from '#exceptions/accounts_errors'

/**
 * The copy of the account rules (docs/rules/accounts.md#signup, Errors). One message per rule, reused
 * everywhere.
 */
export const MESSAGES = {
  signupLimited: 'Too many sign-up attempts from your network. Please try again later.',
  disposable: 'This email provider is not supported',
  emailInUse: 'Email is already in use',
  badCredentials: 'Invalid email or password',
  wrongPassword: 'Current password is incorrect',
  usernameTaken: 'That username is already taken',
  /** The one answer of forgot-password and resend-verification (docs/rules/accounts.md#sessions). */
  resetRequested: 'If an account exists for that address, a reset link is on its way.',
  verificationRequested: 'If your address still needs verifying, a new link is on its way.',
  emailNotVerified: 'Please verify your email address to use this feature.',
} as const

export function tokenError(reason: 'used' | 'expired' | 'invalid', kind: 'verification' | 'reset') {
  const what = kind === 'verification' ? 'verification link' : 'password reset link'
  const text = {
    used: `This ${what} has already been used.`,
    expired: `This ${what} has expired.`,
    invalid: `This ${what} is invalid.`,
  }[reason]
  return new AccountTokenError(text, reason)
}
