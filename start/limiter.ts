import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import { errors, type LimiterManager } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { clientNetworkKey } from '#services/accounts/client_ip'

/** The budgets of this request (a limiter definition is no container class: it asks the request's resolver). */
const budgets = (ctx: HttpContext) => ctx.containerResolver.make(ThrottleSettings)

/** How long a client waits when the limiter store cannot answer (Redis or the database down). */
export const STORE_DOWN_RETRY_AFTER_SECONDS = 30

/**
 * A named budget of requests per minute per client network (keyed `<name>_ip_<key>`: an IPv4 address, or
 * an IPv6 /64, see `clientNetworkKey`); the request over it gets 429 with `message`. The budget comes from
 * the request's ThrottleSettings.
 */
function perIpPerMinute(name: string, requests: (ctx: HttpContext) => Promise<number>, message: string) {
  return limiter.define(name, async (ctx: HttpContext) => {
    return limiter
      .allowRequests(await requests(ctx))
      .every('1 minute')
      .usingKey(`${name}_ip_${clientNetworkKey(ctx.request.ip())}`)
      .limitExceeded((error) => {
        error.setMessage(message)
      })
  })
}

/** docs/rules/accounts.md#throttle: 100 requests per minute per IP across /api/auth/*. */
const authLimiter = perIpPerMinute(
  'auth',
  async (ctx) => (await budgets(ctx)).authPerMinute,
  'Too many requests. Please try again later.'
)

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
 * A budget of requests per hour per signed-in user (per IP when there is none), counted before the route runs.
 * Every answer carries RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset (seconds); over the budget the
 * request gets 429 TOO_MANY_REQUESTS with Retry-After. It fails closed (`failClosed`).
 */
export function hourlyUserThrottle(options: {
  manager: () => LimiterManager<any>
  requests: (ctx: HttpContext) => number | Promise<number>
  key: (ctx: HttpContext) => string
  message: (requests: number) => string
}) {
  return failClosed(async function hourlyUserThrottleMiddleware(ctx: HttpContext, next: NextFn) {
    const allowed = await options.requests(ctx)
    const response = await options.manager().use({ requests: allowed, duration: '1 hour' }).increment(options.key(ctx))
    const reset = Math.max(1, Math.ceil(response.availableIn))
    if (response.consumed > allowed) {
      throw new ApiError(429, 'TOO_MANY_REQUESTS', options.message(allowed), {
        headers: {
          'Retry-After': String(reset),
          'RateLimit-Limit': String(allowed),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(reset),
        },
      })
    }
    ctx.response.header('RateLimit-Limit', String(allowed))
    ctx.response.header('RateLimit-Remaining', String(Math.max(0, response.remaining)))
    ctx.response.header('RateLimit-Reset', String(reset))
    return next()
  })
}

/**
 * Issue 26 review: a search costs index work (a typo query expands each long word into its
 * one-edit variants), and the routes are public. Every suggestion, and every list or page
 * request that carries `q`, counts against one per-IP budget; lists without `q` are free.
 */
const searchLimiter = perIpPerMinute(
  'search',
  async (ctx) => (await budgets(ctx)).searchPerMinute,
  'Too many searches. Please wait a moment and try again.'
)
const searchLimited = failClosed(searchLimiter)

export function searchThrottle(ctx: HttpContext, next: NextFn) {
  if (ctx.request.qs().q === undefined && ctx.route?.name !== 'api.search.suggest') return next()
  return searchLimited(ctx, next)
}
