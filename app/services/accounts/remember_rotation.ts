import db from '@adonisjs/lucid/services/db'
import { RememberMeToken } from '@adonisjs/auth/session'
import type { Secret } from '@adonisjs/core/helpers'

/**
 * Remember-me rotation that parallel requests survive (docs/decisions/instances.md). A browser
 * whose access cookie expired sends its next requests in parallel, each with the same
 * remember-me cookie, and behind a load balancer they land on different instances. The stock
 * rotation deletes the token as soon as one request used it, so every other request that was
 * already in flight found no token and answered 401 (1 round in 3 in the cluster).
 *
 * Here a rotated token is retired, not deleted: its expiry becomes the moment of rotation. A
 * request that arrived before that moment was sent with the token while it was valid and is
 * honoured; a request that arrives after it (a replay of a rotated cookie) is refused, as
 * before. Retired rows are deleted a minute later, or with their sign-in.
 */

/** How long after its rotation a retired token may still serve a request that arrived before it. */
const IN_FLIGHT_MS = 10_000
/** Retired and expired rows older than this are deleted at the user's next rotation. */
const KEEP_RETIRED_MS = 60_000

const TABLE = 'remember_me_tokens'

function asDate(value: unknown): Date | null {
  if (value instanceof Date) return value
  if (typeof value === 'number') return new Date(value)
  if (typeof value === 'string') {
    const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`)
    return Number.isNaN(date.getTime()) ? null : date
  }
  return null
}

/** The rotated token: expires now (it stays readable for requests already in flight). */
export async function retireRememberToken(tokenId: number, userId: number) {
  const now = new Date()
  await db.from(TABLE).where('id', tokenId).where('expires_at', '>', now).update({ expires_at: now, updated_at: now })
  await deleteExpiredRememberTokens(userId, new Date(now.getTime() - KEEP_RETIRED_MS))
}

/** The user's tokens expired before `before` (default: now). */
export async function deleteExpiredRememberTokens(userId: number, before: Date = new Date()) {
  await db.from(TABLE).where('tokenable_id', userId).where('expires_at', '<', before).delete()
}

/**
 * A token the stock check refused because it expired: still good for this request when it was
 * valid when the request arrived (rotated by a parallel request meanwhile), within IN_FLIGHT_MS.
 */
export async function tokenValidAtArrival(value: Secret<string>, arrivedAt: number): Promise<RememberMeToken | null> {
  const decoded = RememberMeToken.decode(value.release())
  if (!decoded) return null
  const row = await db.from(TABLE).where('id', decoded.identifier).first()
  const expiresAt = asDate(row?.expires_at)
  if (!row || !expiresAt) return null
  if (expiresAt.getTime() < arrivedAt || Date.now() - expiresAt.getTime() > IN_FLIGHT_MS) return null
  const token = new RememberMeToken({
    identifier: row.id,
    tokenableId: row.tokenable_id,
    hash: row.hash,
    createdAt: asDate(row.created_at) ?? new Date(),
    updatedAt: asDate(row.updated_at) ?? new Date(),
    expiresAt,
  })
  return token.verify(decoded.secret) ? token : null
}
