import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import SecurityEvent from '#models/security_event'
import { AccountRateLimitedError } from '#exceptions/accounts_errors'
import { consumeToken, issueToken } from '#services/accounts/one_time_tokens'
import { sendVerificationMail } from '#services/accounts/account_mailer'
import { lockKeyForTransaction } from '#services/database/key_lock'
import { MESSAGES, tokenError } from '#services/accounts/errors'

export const VERIFICATION_RESENT = 'VERIFICATION_RESENT'
export const RESENDS_PER_HOUR = 3

/** SPEC G: email_verified becomes true with a valid one-time token (sent to the current address). */
export async function verifyEmail(rawToken: unknown): Promise<User> {
  // The token is spent only together with the verified flag (one transaction).
  return db.transaction(async (trx) => {
    const result = await consumeToken(rawToken, 'email_verification', trx)
    if (!result.ok) throw tokenError(result.reason, 'verification')
    const user = await User.find(result.token.userId, { client: trx })
    // A link mailed to an address the account no longer uses verifies nothing.
    if (!user || (result.token.email && result.token.email.toLowerCase() !== user.email.toLowerCase())) {
      throw tokenError('invalid', 'verification')
    }
    if (!user.emailVerified) {
      user.emailVerified = true
      await user.save()
    }
    return user
  })
}

/** Beyond the spec: at most 3 resends per hour per user, with a clear 429. */
export async function resendVerification(user: User, ip: string): Promise<{ sent: boolean }> {
  if (user.emailVerified) return { sent: false }
  // Count and record under one per-user lock, so parallel resends on any instance cannot all
  // pass the check before one of them is recorded.
  const token = await db.transaction(async (trx) => {
    await lockKeyForTransaction(trx, `resend:${user.id}`)
    const since = DateTime.now().minus({ hours: 1 })
    const recent = await SecurityEvent.query({ client: trx })
      .where('type', VERIFICATION_RESENT)
      .where('user_id', user.id)
      .where('created_at', '>', since.toFormat(trx.dialect.dateTimeFormat))
      .orderBy('created_at', 'asc')
    if (recent.length >= RESENDS_PER_HOUR) {
      const oldest = recent[recent.length - RESENDS_PER_HOUR].createdAt
      const retryAfter = Math.max(1, oldest.plus({ hours: 1 }).diffNow('seconds').seconds)
      throw new AccountRateLimitedError(MESSAGES.resendLimited, retryAfter)
    }
    await SecurityEvent.create({ type: VERIFICATION_RESENT, ipAddress: ip.slice(0, 64), userId: user.id, details: null }, { client: trx })
    return issueToken(user, 'email_verification', trx)
  })
  await sendVerificationMail(user.email, token)
  return { sent: true }
}
