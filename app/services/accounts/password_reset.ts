import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { redeemToken, issueToken, retireTokens } from '#services/accounts/one_time_tokens'
import type { AccountMailer } from '#services/accounts/account_mailer'
import { findByLoginEmail } from '#services/accounts/credentials'
import { revokeAllSessions } from '#services/accounts/session_security'
import { takeMailBudget } from '#services/accounts/mail_budget'
import type { MailBudgetLimits } from '#services/accounts/account_mail_settings'

/**
 * Always succeeds from the caller's view (202): whether the address exists, or its hourly mail
 * budget is spent, is never told. Both cases do the same work (a lookup, then one budget
 * transaction) and the mail is only queued, so the answer takes the same time (issue 23 item 9).
 */
export async function requestPasswordReset(email: string, limits: MailBudgetLimits, mailer: AccountMailer) {
  const user = await findByLoginEmail(email)
  const token = await db.transaction(async (trx) => {
    const allowed = await takeMailBudget(
      trx,
      {
        kind: 'password_reset',
        address: user?.email ?? email,
        userId: user?.id ?? null,
      },
      limits
    )
    return user && allowed ? issueToken(user, 'password_reset', trx) : null
  })
  if (user && token) await mailer.sendPasswordReset(user.email, token)
}

/**
 * Sets the new password, kills every other reset link, session and remember-me token. All of
 * it commits in one transaction: a failure leaves the link unused and the old password set.
 */
export async function resetPassword(rawToken: unknown, password: string): Promise<User> {
  return db.transaction(async (trx) => {
    const { user, token } = await redeemToken(rawToken, 'password_reset', 'reset', trx)
    user.password = password
    // The link reached the inbox, which proves the address as well.
    if (token.email) user.emailVerified = true
    await user.save()
    await retireTokens(user.id, 'password_reset', trx)
    await revokeAllSessions(user, trx)
    return user
  })
}
