import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
import type { HttpContext } from '@adonisjs/core/http'

/** SPEC Authentication 6: 100 requests per minute per IP across /api/auth/*. */
export const authThrottle = limiter.define('auth', (ctx: HttpContext) => {
  return limiter
    .allowRequests(env.get('AUTH_THROTTLE_PER_MINUTE') ?? 100)
    .every('1 minute')
    .usingKey(`auth_ip_${ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many requests. Please try again later.')
    })
})
