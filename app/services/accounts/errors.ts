import { AccountTokenError } from '#exceptions/accounts_errors'

/** The copy of the account rules (SPEC G, Errors). One message per rule, reused everywhere. */
export const MESSAGES = {
  signupLimited: 'Too many sign-up attempts from your network. Please try again later.',
  disposable: 'This email provider is not supported',
  emailInUse: 'Email is already in use',
  badCredentials: 'Invalid email or password',
  wrongPassword: 'Current password is incorrect',
  usernameTaken: 'That username is already taken',
  resendLimited: 'You can request at most 3 verification emails per hour. Please try again later.',
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
