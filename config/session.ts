import env from '#start/env'
import { secureCookies } from '#config/app'
import { defineConfig, stores } from '@adonisjs/session'

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
  store: env.get('SESSION_DRIVER') || 'cookie',
  stores: {
    cookie: stores.cookie(),
    database: stores.database(),
  },
})

export default sessionConfig
