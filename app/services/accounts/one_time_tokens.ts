import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import UserToken, { type UserTokenType } from '#models/user_token'
import User from '#models/user'
import { tokenError } from '#services/accounts/errors'

/**
 * One-time tokens (docs/rules/accounts.md#sessions): 32 random bytes sent to the user (base64url), only their
 * SHA-256 stored, single use (a conditional UPDATE wins once even under concurrency).
 */
export type ConsumeFailure = 'used' | 'expired' | 'invalid'
export type ConsumeResult = { ok: true; token: UserToken } | { ok: false; reason: ConsumeFailure }

export const TOKEN_TTL_HOURS: Record<UserTokenType, number> = {
  email_verification: 24,
  password_reset: 1,
}

/** A DateTime formatted the way Lucid writes it for the current dialect. */
export function toDbTime(value: DateTime) {
  return value.toFormat(db.connection().dialect.dateTimeFormat)
}

export function hashToken(raw: string) {
  return createHash('sha256').update(raw, 'utf8').digest('hex')
}

export async function issueToken(user: User, type: UserTokenType, trx?: TransactionClientContract): Promise<string> {
  const raw = randomBytes(32).toString('base64url')
  await UserToken.create(
    {
      userId: user.id,
      type,
      tokenHash: hashToken(raw),
      email: user.email,
      expiresAt: DateTime.now().plus({ hours: TOKEN_TTL_HOURS[type] }),
      usedAt: null,
    },
    { client: trx }
  )
  return raw
}

/**
 * Consumes a token of the given type: the first caller wins, everybody else gets `used`.
 * Pass the transaction that applies the token's effect so a failed effect leaves it unused.
 */
export async function consumeToken(
  raw: unknown,
  type: UserTokenType,
  trx?: TransactionClientContract
): Promise<ConsumeResult> {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(raw)) return { ok: false, reason: 'invalid' }
  const token = await UserToken.query({ client: trx }).where('token_hash', hashToken(raw)).where('type', type).first()
  if (!token) return { ok: false, reason: 'invalid' }
  if (token.usedAt) return { ok: false, reason: 'used' }
  if (token.expiresAt <= DateTime.now()) return { ok: false, reason: 'expired' }
  const now = DateTime.now()
  const affected = await (trx ?? db)
    .from('user_tokens')
    .where('id', token.id)
    .whereNull('used_at')
    .update({ used_at: toDbTime(now) })
  const count = Array.isArray(affected) ? Number(affected[0] ?? 0) : Number(affected)
  if (count !== 1) return { ok: false, reason: 'used' }
  token.usedAt = now
  return { ok: true, token }
}

/**
 * Spends a token in `trx` and returns it with the user it was mailed to. A used, expired or unknown token, or one
 * mailed to an address the account no longer uses (issue 23 item 9), throws the link's error.
 */
export async function redeemToken(
  raw: unknown,
  type: UserTokenType,
  link: 'verification' | 'reset',
  trx: TransactionClientContract
): Promise<{ user: User; token: UserToken }> {
  const result = await consumeToken(raw, type, trx)
  if (!result.ok) throw tokenError(result.reason, link)
  const user = await User.find(result.token.userId, { client: trx })
  if (!user || (result.token.email && result.token.email.toLowerCase() !== user.email.toLowerCase())) {
    throw tokenError('invalid', link)
  }
  return { user, token: result.token }
}

/** Marks the user's still-open tokens of a type used (a reset link dies once a password is set). */
export async function retireTokens(userId: number, type: UserTokenType, trx?: TransactionClientContract) {
  await (trx ?? db)
    .from('user_tokens')
    .where('user_id', userId)
    .where('type', type)
    .whereNull('used_at')
    .update({ used_at: toDbTime(DateTime.now()) })
}

/**
 * Deletes the user's still-open tokens of the given types: an email change (issue 23 item 9)
 * drops every link mailed to the old address, which then answers `invalid`, as an unknown one.
 */
export async function dropOpenTokens(userId: number, types: UserTokenType[], trx?: TransactionClientContract) {
  await (trx ?? db).from('user_tokens').where('user_id', userId).whereIn('type', types).whereNull('used_at').delete()
}
