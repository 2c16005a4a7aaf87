import env from '#start/env'
import { defineConfig } from '@adonisjs/shield'
import { anonymousCallToSignedInRoute } from '#middleware/csrf_after_auth'

const inProduction = env.get('NODE_ENV') === 'production'
const adScriptOrigin = (() => {
  try {
    return new URL(env.get('ADS_SCRIPT_URL') || 'https://pagead2.googlesyndication.com').origin
  } catch {
    return 'https://pagead2.googlesyndication.com'
  }
})()
/** Outside production the Vite dev server (HMR socket) and local test servers are allowed. */
const devSources = inProduction ? [] : ['http://127.0.0.1:*', 'http://localhost:*', 'ws:']

const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, `'unsafe-inline'`, adScriptOrigin, 'https://pagead2.googlesyndication.com', ...devSources],
      styleSrc: [`'self'`, `'unsafe-inline'`],
      imgSrc: [`'self'`, 'data:', 'https:'],
      connectSrc: [`'self'`, 'https:', ...devSources],
      // blob: lets an owner view their own upload, read with fetch, in the browser's PDF viewer.
      frameSrc: [`'self'`, 'https:', 'blob:'],
      objectSrc: [`'none'`],
      baseUri: [`'self'`],
      formAction: [`'self'`, 'https:'],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // The webhook, the secret-header regenerate route and the cron route are exempt
    // (docs/rules/accounts.md#sessions); they run on the lean stack without shield anyway.
    // A call without any credentials to a signed-in route meets its guard's 401 first
    // (docs/rules/billing.md#guard-order, docs/rules/accounts.md#csrf).
    exceptRoutes: (ctx) => anonymousCallToSignedInRoute(ctx),
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  // One year: the least Lighthouse's HSTS check accepts (docs/decisions/hardening.md).
  hsts: { enabled: true, maxAge: '365 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
