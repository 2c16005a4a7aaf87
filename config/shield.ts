import { defineConfig } from '@adonisjs/shield'

const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, `'unsafe-inline'`, '@viteDevUrl', 'https://pagead2.googlesyndication.com', 'http://127.0.0.1:*', 'http://localhost:*'],
      styleSrc: [`'self'`, `'unsafe-inline'`, '@viteDevUrl'],
      imgSrc: [`'self'`, 'data:', 'https:'],
      connectSrc: [`'self'`, '@viteHmrUrl', 'https:'],
      frameSrc: [`'self'`, 'https:'],
      objectSrc: [`'none'`],
      baseUri: [`'self'`],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // The webhook, the secret-header regenerate route and the cron route are exempt
    // (CONTRACT 3); they run on the lean stack without shield anyway.
    exceptRoutes: [],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
