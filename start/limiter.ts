import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { ThrottleSettings } from '#services/infra/throttle_settings'

/** The budgets of this request (a limiter definition is no container class: it asks the request's resolver). */
const budgets = (ctx: HttpContext) => ctx.containerResolver.make(ThrottleSettings)

/** How long a client waits when the limiter store cannot answer (Redis or the database down). */
export const STORE_DOWN_RETRY_AFTER_SECONDS = 30

/** docs/rules/accounts.md#throttle: 100 requests per minute per IP across /api/auth/*. */
const authLimiter = limiter.define('auth', async (ctx: HttpContext) => {
  return limiter
    .allowRequests((await budgets(ctx)).authPerMinute)
    .every('1 minute')
    .usingKey(`auth_ip_${ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many requests. Please try again later.')
    })
})

/**
 * Fails closed (issue 16): when the limiter store cannot count, a throttled request is refused
 * with 429 and Retry-After rather than let through uncounted or answered with a 500. The
 * throttle's own 429 and errors of the route itself (after `next()`) pass through untouched.
 */
export function failClosed(middleware: (ctx: HttpContext, next: NextFn) => Promise<unknown>) {
  return async function failClosedThrottle(ctx: HttpContext, next: NextFn) {
    let downstream = false
    try {
      return await middleware(ctx, () => {
        downstream = true
        return next()
      })
    } catch (error) {
      if (downstream || error instanceof errors.E_TOO_MANY_REQUESTS || error instanceof ApiError) throw error
      logger.error({ err: error }, 'limiter store unavailable; refusing the request (fail closed)')
      throw ApiError.tooManyRequests('Too many requests. Please try again later.', STORE_DOWN_RETRY_AFTER_SECONDS)
    }
  }
}

export const authThrottle = failClosed(authLimiter)

/**
 * Issue 26 review: a search costs index work (a typo query expands each long word into its
 * one-edit variants), and the routes are public. Every suggestion, and every list or page
 * request that carries `q`, counts against one per-IP budget; lists without `q` are free.
 */
const searchLimiter = limiter.define('search', async (ctx: HttpContext) => {
  return limiter
    .allowRequests((await budgets(ctx)).searchPerMinute)
    .every('1 minute')
    .usingKey(`search_ip_${ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many searches. Please wait a moment and try again.')
    })
})
const searchLimited = failClosed(searchLimiter)

export function searchThrottle(ctx: HttpContext, next: NextFn) {
  if (ctx.request.qs().q === undefined && ctx.route?.name !== 'api.search.suggest') return next()
  return searchLimited(ctx, next)
}
