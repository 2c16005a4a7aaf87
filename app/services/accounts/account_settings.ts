import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { AccountConflictError, AccountInputError } from '#exceptions/accounts_errors'
import { canonicalizeEmail, normalizeEmail } from '#services/accounts/canonical_email'
import { MESSAGES } from '#services/accounts/errors'
import { isUniqueViolation } from '#services/database/unique_violation'
import { assertNotDisposable, findDuplicate } from '#services/accounts/signup_service'
import { passwordMatches } from '#services/accounts/credentials'
import { dropOpenTokens, issueToken, retireTokens } from '#services/accounts/one_time_tokens'
import { takeMailBudget } from '#services/accounts/mail_budget'
import type { MailBudgetLimits } from '#services/accounts/account_mail_settings'
import type { AccountMailer } from '#services/accounts/account_mailer'
import { revokeAllSessions } from '#services/accounts/session_security'

async function assertCurrentPassword(user: User, currentPassword: string | undefined | null) {
  if (!user.password) {
    throw new AccountInputError('Set a password first: use "Forgot password" to create one.')
  }
  if (!currentPassword || !(await passwordMatches(user, currentPassword))) {
    throw new AccountInputError(MESSAGES.wrongPassword, { field: 'current_password', rule: 'password' })
  }
}

/**
 * Issue 10 item 6: a new address passes the disposable and canonical checks, email_verified
 * resets to false (docs/rules/accounts.md#sessions "Email verification") and a new verification mail goes out,
 * within the hourly mail budgets (issue 23 item 9: a spent budget changes the address and answers the same,
 * without a mail). Every outstanding reset and verification link dies with the old address: a reset link mailed
 * there must not take the account over after the change.
 */
export async function changeEmail(
  user: User,
  newEmail: string,
  currentPassword: string,
  rules: { limits: MailBudgetLimits; disposableAllowlist: readonly string[]; mailer: AccountMailer }
) {
  await assertCurrentPassword(user, currentPassword)
  const normalized = normalizeEmail(newEmail)
  if (normalized === normalizeEmail(user.email)) throw new AccountInputError('That is already your email address')
  assertNotDisposable(normalized, 'email_change', rules.disposableAllowlist)
  if (await findDuplicate(normalized, { exceptUserId: user.id })) throw new AccountConflictError(MESSAGES.emailInUse)
  // The new address and its verification token commit together; the mail goes after.
  let token: string | null
  try {
    token = await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.email = normalized
      user.canonicalEmail = canonicalizeEmail(normalized)
      user.emailVerified = false
      await user.save()
      await dropOpenTokens(user.id, ['password_reset', 'email_verification'], trx)
      const allowed = await takeMailBudget(
        trx,
        { kind: 'email_change', address: normalized, userId: user.id },
        rules.limits
      )
      return allowed ? issueToken(user, 'email_verification', trx) : null
    })
  } catch (error) {
    await user.refresh()
    if (isUniqueViolation(error)) throw new AccountConflictError(MESSAGES.emailInUse)
    throw error
  }
  if (token) await rules.mailer.sendVerification(user.email, token)
  return user
}

/** Changes the password, revokes every other session, remember-me token and reset link. */
export async function changePassword(user: User, currentPassword: string, password: string) {
  await assertCurrentPassword(user, currentPassword)
  // The new password and the revocation of every other session commit together.
  await db.transaction(async (trx) => {
    user.useTransaction(trx)
    user.password = password
    await user.save()
    await retireTokens(user.id, 'password_reset', trx)
    await revokeAllSessions(user, trx)
  })
  return user
}

export async function changeUsername(user: User, username: string | null) {
  const value = username?.trim() || null
  if (value) {
    const taken = await User.query()
      .whereRaw('LOWER(username) = ?', [value.toLowerCase()])
      .whereNot('id', user.id)
      .first()
    if (taken) throw new AccountConflictError(MESSAGES.usernameTaken)
  }
  user.username = value
  try {
    await user.save()
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountConflictError(MESSAGES.usernameTaken)
    throw error
  }
  return user
}
