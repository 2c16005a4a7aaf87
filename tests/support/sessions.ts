import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import { sessionClock } from '#services/accounts/session_records'

/**
 * Runs the session middleware on the cookie store, as production does (`.env.test` picks the
 * memory store for Japa's loginAs). Call in a group setup; the returned function restores it.
 */
export async function useCookieSessions() {
  const config: any = await configProvider.resolve(app, app.config.get('session'))
  app.container.swap(SessionMiddleware, () => new SessionMiddleware({ ...config, store: 'cookie' }, emitter))
  return () => app.container.restore(SessionMiddleware)
}

/** Moves the session clock by `ms` from now on; the returned function puts the real clock back. */
export function shiftSessionClock() {
  const real = sessionClock.now
  let offset = 0
  sessionClock.now = () => real() + offset
  return {
    advance(ms: number) {
      offset += ms
    },
    restore() {
      sessionClock.now = real
    },
  }
}
