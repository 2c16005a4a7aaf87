import { symbols } from '@adonisjs/auth'
import { SessionGuard, type RememberMeToken } from '@adonisjs/auth/session'
import type {
  SessionGuardEvents,
  SessionGuardOptions,
  SessionWithTokensUserProviderContract,
} from '@adonisjs/auth/types/session'
import type { EmitterLike } from '@adonisjs/core/types/events'
import type { HttpContext } from '@adonisjs/core/http'
import type { Secret } from '@adonisjs/core/helpers'
import type User from '#models/user'
import {
  SESSION_RECORD_KEY,
  checkSession,
  continueFamily,
  rememberFamily,
  revokeSession,
  startSession,
  type SessionFamily,
} from '#services/accounts/session_records'
import { arrivalOf } from '#services/infra/request_arrival'
import {
  deleteExpiredRememberTokens,
  retireRememberToken,
  tokenValidAtArrival,
} from '#services/accounts/remember_rotation'

type Provider = SessionWithTokensUserProviderContract<User>

/**
 * The Lucid user provider, seen through one request: which remember-me token was issued, and
 * which sign-in a presented token belongs to. A token whose sign-in was revoked or expired is
 * deleted and treated as unknown, so a remember-me cookie never resumes a dead session. A
 * rotated token is retired rather than deleted, so requests sent with it in parallel (on other
 * instances) are still honoured (remember_rotation.ts).
 */
class WatchedProvider implements Provider {
  declare [symbols.PROVIDER_REAL_USER]: User
  issued: RememberMeToken | null = null
  family: SessionFamily | null = null
  constructor(
    private inner: Provider,
    /** When this request reached the server (remember_rotation.ts). */
    private arrivedAt: number
  ) {}

  createUserForGuard(user: User) {
    return this.inner.createUserForGuard(user)
  }

  findById(identifier: string | number | BigInt) {
    return this.inner.findById(identifier)
  }

  async createRememberToken(user: User, expiresIn: string | number) {
    this.issued = await this.inner.createRememberToken(user, expiresIn)
    return this.issued
  }

  async verifyRememberToken(tokenValue: Secret<string>) {
    const token =
      (await this.inner.verifyRememberToken(tokenValue)) ?? (await tokenValidAtArrival(tokenValue, this.arrivedAt))
    if (!token) return null
    const family = await rememberFamily(Number(token.identifier))
    if (!family) {
      const holder = await this.inner.findById(token.tokenableId as number)
      if (holder) await this.inner.deleteRemeberToken(holder.getOriginal(), token.identifier)
      await deleteExpiredRememberTokens(Number(token.tokenableId))
      return null
    }
    this.family = family
    return token
  }

  /** The stock recycle deletes the old token first; here it is retired after the new one exists. */
  async recycleRememberToken(user: User, tokenIdentifier: string | number | BigInt, expiresIn: string | number) {
    this.issued = await this.inner.createRememberToken(user, expiresIn)
    await retireRememberToken(Number(tokenIdentifier), user.id)
    return this.issued
  }

  deleteRemeberToken(user: User, tokenIdentifier: string | number | BigInt) {
    return this.inner.deleteRemeberToken(user, tokenIdentifier)
  }
}

/**
 * The session guard with server-side session records (issue 23 item 8). Before the stock guard
 * trusts the user id in the cookie session, the record that session names must be live (see
 * session_records.ts); otherwise the session is emptied and only a remember-me cookie of a
 * live sign-in can start a fresh one. Sign-in writes a record, sign-out revokes it.
 */
export class SessionRecordGuard extends SessionGuard<true, Provider> {
  #ctx: HttpContext
  #provider: WatchedProvider
  #resumed = false

  constructor(
    name: string,
    ctx: HttpContext,
    options: SessionGuardOptions<true>,
    emitter: EmitterLike<SessionGuardEvents<User>>,
    provider: Provider
  ) {
    const watched = new WatchedProvider(provider, arrivalOf(ctx.request.request))
    super(name, ctx, options, emitter, watched)
    this.#ctx = ctx
    this.#provider = watched
  }

  async authenticate() {
    if (!this.authenticationAttempted) await this.#dropDeadSession()
    const user = await super.authenticate()
    if (this.viaRemember && !this.#resumed && this.#provider.family) {
      this.#resumed = true
      const row = await continueFamily(user.id, this.#provider.family, this.#tokenId())
      this.#ctx.session.put(SESSION_RECORD_KEY, row.id)
    }
    return user
  }

  async login(user: User, remember = false) {
    // Whatever this browser was signed in as before ends here.
    await revokeSession(this.#ctx.session.get(SESSION_RECORD_KEY))
    this.#provider.issued = null
    await super.login(user, remember)
    const row = await startSession(user.id, remember, remember ? this.#tokenId() : null)
    this.#ctx.session.put(SESSION_RECORD_KEY, row.id)
  }

  async logout() {
    await revokeSession(this.#ctx.session.get(SESSION_RECORD_KEY))
    this.#ctx.session.forget(SESSION_RECORD_KEY)
    await super.logout()
  }

  /** Japa's loginAs: a real record, so test sessions pass the same check. */
  async authenticateAsClient(user: User) {
    const base = await super.authenticateAsClient(user)
    const row = await startSession(user.id, false, null)
    return { ...base, session: { ...base.session, [SESSION_RECORD_KEY]: row.id } }
  }

  #tokenId() {
    const issued = this.#provider.issued
    return issued ? Number(issued.identifier) : null
  }

  async #dropDeadSession() {
    const session = this.#ctx.session
    const userId = session.get(this.sessionKeyName)
    if (userId === undefined || userId === null) return
    const refused = await checkSession(session.get(SESSION_RECORD_KEY), userId)
    if (!refused) return
    session.forget(this.sessionKeyName)
    session.forget(SESSION_RECORD_KEY)
  }
}
