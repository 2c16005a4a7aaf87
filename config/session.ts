import env from '#start/env'
import { secureCookies } from '#config/app'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Sessions live in the signed, encrypted cookie (CONTRACT 14): every instance reads them with
 * the shared APP_KEY, and sign-out everywhere goes through users.auth_version. `memory` is for
 * the test runner only (Japa's session plugins write to it) and is refused in production.
 */
const store = env.get('SESSION_DRIVER') || 'cookie'
if (store === 'memory' && app.inProduction) {
  throw new Error('SESSION_DRIVER=memory keeps sessions in one process and is refused when NODE_ENV=production')
}

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'studyhub-session',
  clearWithBrowser: false,
  // CONTRACT 3: the session cookie is the access cookie and lives 2 hours.
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
