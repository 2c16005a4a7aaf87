import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { redeemToken, issueToken } from '#services/accounts/one_time_tokens'
import type { AccountMailer } from '#services/accounts/account_mailer'
import { takeMailBudget } from '#services/accounts/mail_budget'
import type { MailBudgetLimits } from '#services/accounts/account_mail_settings'

/**
 * docs/rules/accounts.md#signup: email_verified becomes true with a valid one-time token (sent to the current
 * address).
 */
export async function verifyEmail(rawToken: unknown): Promise<User> {
  // The token is spent only together with the verified flag (one transaction).
  return db.transaction(async (trx) => {
    const { user } = await redeemToken(rawToken, 'email_verification', 'verification', trx)
    if (!user.emailVerified) {
      user.emailVerified = true
      await user.save()
    }
    return user
  })
}

/**
 * A new verification link for a signed-in user whose address is not verified yet, within the
 * hourly mail budgets of the address and the account (issue 23 item 9). The caller answers
 * the same whether a mail went out or not (docs/rules/accounts.md#account-mail), so nothing is returned.
 */
export async function resendVerification(user: User, limits: MailBudgetLimits, mailer: AccountMailer): Promise<void> {
  if (user.emailVerified) return
  const token = await db.transaction(async (trx) => {
    const allowed = await takeMailBudget(trx, { kind: 'verification', address: user.email, userId: user.id }, limits)
    return allowed ? issueToken(user, 'email_verification', trx) : null
  })
  if (token) await mailer.sendVerification(user.email, token)
}
