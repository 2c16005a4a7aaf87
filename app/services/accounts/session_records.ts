import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import UserSession from '#models/user_session'
import { sessionLifetimes } from '#config/session'

/**
 * Server-side session records (issue 23 item 8). The cookie session holds the id of a
 * `user_sessions` row under SESSION_RECORD_KEY; a signed-in session without a live row is not
 * signed in. So a cookie captured before sign-out, or written back by a request that was in
 * flight while the user signed out, carries a revoked id and is refused, on every instance.
 * Rows of one sign-in share a family: remember-me re-logins add a fresh row to it, sign-out
 * revokes the whole family, and the absolute lifetime counts from the family's sign-in.
 */
export const SESSION_RECORD_KEY = 'session_record'

/** The clock of these rules; tests move it and put it back. */
export const sessionClock = { now: () => Date.now() }

// last_seen_at is written at most once a minute per session: one cheap UPDATE, not one per request.
const TOUCH_EVERY_MS = 60_000

export type SessionFamily = { id: string; signedInAt: DateTime }
export type SessionRefusal = 'missing' | 'revoked' | 'idle' | 'absolute'

function now() {
  return DateTime.fromMillis(sessionClock.now())
}

function toDbTime(value: DateTime) {
  return value.toFormat(db.connection().dialect.dateTimeFormat)
}

function refusal(row: UserSession, at: DateTime, idleMs: number): SessionRefusal | null {
  if (row.revokedAt) return 'revoked'
  if (at.toMillis() - row.signedInAt.toMillis() >= sessionLifetimes.absoluteMs) return 'absolute'
  if (at.toMillis() - row.lastSeenAt.toMillis() >= idleMs) return 'idle'
  return null
}

/** A new row: a fresh sign-in, or (with `family`) a remember-me re-login of an earlier one. */
export async function startSession(
  userId: number,
  remember: boolean,
  rememberTokenId: number | null,
  family?: SessionFamily
) {
  const at = now()
  const id = randomBytes(24).toString('base64url')
  return UserSession.create({
    id,
    userId,
    familyId: family?.id ?? id,
    remember,
    rememberTokenId,
    signedInAt: family?.signedInAt ?? at,
    createdAt: at,
    lastSeenAt: at,
    revokedAt: null,
  })
}

/** Checks the row a signed-in session names, and marks it seen. */
export async function checkSession(recordId: unknown, userId: unknown): Promise<SessionRefusal | null> {
  if (typeof recordId !== 'string' || recordId.length === 0 || recordId.length > 64) return 'missing'
  const row = await UserSession.find(recordId)
  if (!row || String(row.userId) !== String(userId)) return 'missing'
  const at = now()
  const refused = refusal(row, at, sessionLifetimes.idleMs)
  if (refused) return refused
  if (at.toMillis() - row.lastSeenAt.toMillis() >= TOUCH_EVERY_MS) {
    await db
      .from('user_sessions')
      .where('id', row.id)
      .update({ last_seen_at: toDbTime(at) })
  }
  return null
}

async function familyRevoked(familyId: string) {
  const revoked = await db
    .from('user_sessions')
    .where('family_id', familyId)
    .whereNotNull('revoked_at')
    .select('id')
    .first()
  return Boolean(revoked)
}

/**
 * The sign-in a remember-me token belongs to, when it may still start a session: the token's
 * row exists (tokens from before session records have none), its family was never revoked,
 * the sign-in is younger than the absolute lifetime and was seen within the remember idle time.
 */
export async function rememberFamily(tokenId: number): Promise<SessionFamily | null> {
  const row = await UserSession.query().where('remember_token_id', tokenId).orderBy('created_at', 'desc').first()
  if (!row) return null
  if (refusal(row, now(), sessionLifetimes.rememberIdleMs)) return null
  if (await familyRevoked(row.familyId)) return null
  return { id: row.familyId, signedInAt: row.signedInAt }
}

/** A remember-me re-login: a fresh row in the family (a revoked family is never resumed). */
export async function continueFamily(userId: number, family: SessionFamily, rememberTokenId: number | null) {
  const row = await startSession(userId, true, rememberTokenId, family)
  // A sign-out that raced this re-login revoked the family after our check: so is this row.
  if (await familyRevoked(family.id)) await revokeFamily(family.id)
  return row
}

/** Sign-out: revokes every row of the session's family and deletes its remember-me tokens. */
export async function revokeSession(recordId: unknown) {
  if (typeof recordId !== 'string' || recordId.length === 0 || recordId.length > 64) return
  const row = await UserSession.find(recordId)
  if (row) await revokeFamily(row.familyId)
}

async function revokeFamily(familyId: string) {
  const tokenIds = (
    await db
      .from('user_sessions')
      .where('family_id', familyId)
      .whereNotNull('remember_token_id')
      .select('remember_token_id')
  ).map((r) => Number(r.remember_token_id))
  await db
    .from('user_sessions')
    .where('family_id', familyId)
    .whereNull('revoked_at')
    .update({ revoked_at: toDbTime(now()) })
  if (tokenIds.length) await db.from('remember_me_tokens').whereIn('id', tokenIds).delete()
}

/** Password change or reset, sign out everywhere: every session row of the user. */
export async function revokeUserSessions(userId: number, trx?: TransactionClientContract) {
  await (trx ?? db)
    .from('user_sessions')
    .where('user_id', userId)
    .whereNull('revoked_at')
    .update({ revoked_at: toDbTime(now()) })
}

/**
 * Deletes rows that can never pass a check again: revoked a day ago, past the absolute
 * lifetime, or unseen for longer than the remember idle time (plus a day of slack).
 */
export async function pruneSessions() {
  const at = now()
  const slack = 24 * 60 * 60 * 1000
  const deleted = await db
    .from('user_sessions')
    .where('revoked_at', '<', toDbTime(at.minus(slack)))
    .orWhere('signed_in_at', '<', toDbTime(at.minus(sessionLifetimes.absoluteMs + slack)))
    .orWhere('last_seen_at', '<', toDbTime(at.minus(sessionLifetimes.rememberIdleMs + slack)))
    .delete()
  return Array.isArray(deleted) ? Number(deleted[0] ?? 0) : Number(deleted)
}
