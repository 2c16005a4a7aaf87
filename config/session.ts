import env from '#start/env'
import { secureCookies } from '#config/app'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import string from '@adonisjs/core/helpers/string'

/**
 * Sessions live in the signed, encrypted cookie (docs/rules/accounts.md#sessions): every instance reads them
 * with the shared APP_KEY, and sign-out everywhere goes through users.auth_version. `memory` is for the test
 * runner only (Japa's session plugins write to it) and is refused in production.
 */
const store = env.get('SESSION_DRIVER') || 'cookie'
if (store === 'memory' && app.inProduction) {
  throw new Error('SESSION_DRIVER=memory keeps sessions in one process and is refused when NODE_ENV=production')
}

function lifetime(
  name: 'SESSION_ABSOLUTE_LIFETIME' | 'SESSION_IDLE_LIFETIME' | 'SESSION_REMEMBER_IDLE_LIFETIME',
  fallback: string
) {
  const raw = env.get(name) || fallback
  let ms = Number.NaN
  try {
    ms = string.milliseconds.parse(raw)
  } catch {}
  if (!Number.isFinite(ms) || ms < 60_000)
    throw new Error(`${name} must be a duration of at least a minute (e.g. "2h", "30 days"), got "${raw}"`)
  return ms
}

/**
 * Issue 23 item 8: lifetimes the server enforces on its session records, whatever cookie the
 * browser sends back. Idle: time since the session was last seen (2 h, as the access cookie);
 * a remember-me cookie may start a fresh session of the same sign-in while that sign-in was
 * seen within the remember idle time (7 days). Absolute: from the sign-in, remember-me
 * re-logins included (30 days, as the refresh cookie).
 */
export const sessionLifetimes = {
  absoluteMs: lifetime('SESSION_ABSOLUTE_LIFETIME', '30 days'),
  idleMs: lifetime('SESSION_IDLE_LIFETIME', '2h'),
  rememberIdleMs: lifetime('SESSION_REMEMBER_IDLE_LIFETIME', '7 days'),
}

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'studyhub-session',
  clearWithBrowser: false,
  // docs/rules/accounts.md#sessions: the session cookie is the access cookie and lives 2 hours.
  age: '2h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'lax',
  },
  store,
  stores: {
    cookie: stores.cookie(),
  },
})

export default sessionConfig
