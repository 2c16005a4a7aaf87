import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { revokeUserSessions } from '#services/accounts/session_records'

/**
 * Session revocation for cookie sessions: the user's `auth_version` is stamped into the
 * session at sign-in. Changing the password or "sign out everywhere" bumps it and deletes
 * every remember-me token, so other sessions fail their next request (401) and no remember
 * cookie can bring them back.
 */
const SESSION_KEY = 'auth_version'

export function currentVersion(user: User) {
  return Number(user.authVersion ?? 1)
}

/** What these rules need of the session store and of the session guard (no HTTP context). */
export type SessionStore = {
  put(key: string, value: unknown): void
  get(key: string): unknown
  forget(key: string): void
}
export type SessionGuard = { isAuthenticated: boolean; user?: unknown; viaRemember: boolean; logout(): Promise<void> }

export function stampSession(session: SessionStore, user: User) {
  session.put(SESSION_KEY, currentVersion(user))
}

/** Runs after the session guard resolved the request (silent auth middleware). */
export async function enforceSessionVersion(guard: SessionGuard, session: SessionStore) {
  if (!guard.isAuthenticated || !guard.user) return
  const user = guard.user as User
  const stamped = session.get(SESSION_KEY)
  // A session restored from a remember cookie (tokens die on revocation) or created outside
  // the login flow (test clients) adopts the current version.
  if (guard.viaRemember || stamped === undefined || stamped === null) {
    stampSession(session, user)
    return
  }
  if (Number(stamped) !== currentVersion(user)) {
    await guard.logout()
    session.forget(SESSION_KEY)
  }
}

/**
 * Bumps the version, revokes every session record (issue 23 item 8) and deletes all remember-me
 * tokens of the user, in one transaction (the caller's when given, so a password change and
 * the revocation commit together).
 */
export async function revokeAllSessions(user: User, trx?: TransactionClientContract): Promise<void> {
  if (!trx) return db.transaction((own) => revokeAllSessions(user, own))
  await trx.from('users').where('id', user.id).increment('auth_version', 1)
  await trx.from('remember_me_tokens').where('tokenable_id', user.id).delete()
  await revokeUserSessions(user.id, trx)
  const fresh = await trx.from('users').where('id', user.id).select('auth_version').first()
  user.authVersion = Number(fresh?.auth_version ?? currentVersion(user) + 1)
}
