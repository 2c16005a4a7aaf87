import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import { errors, type LimiterManager } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { clientNetworkKey } from '#services/accounts/client_ip'
import { limiterStoreName } from '#config/limiter'

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

/** The store cannot answer now: an error thrown before the throttle counts anything. */
class LimiterStoreDownError extends Error {}

/**
 * Whether the app's limiter store is known to be down: the Redis connection lost and waiting to
 * reconnect (docs/decisions/instances.md). A command sent then waits for the next reconnect
 * attempt to fail (2 to 8 s per request in the cluster); refusing at once keeps an outage fast.
 * Other stores (database, memory) are never known down ahead of a query.
 */
let redisService: Promise<typeof import('@adonisjs/redis/services/main')> | null = null
export async function appLimiterStoreDown(): Promise<boolean> {
  if (limiterStoreName !== 'redis') return false
  const { default: redis } = await (redisService ??= import('@adonisjs/redis/services/main'))
  const status = redis.connection('main').status
  return status === 'reconnecting' || status === 'close' || status === 'end'
}

export type FailClosedOptions = {
  /**
   * Requests that pass uncounted while the store is down instead of getting the 429: reading
   * one's own session and signing out cost nothing and must keep working in an outage.
   */
  uncountedWhenDown?: (ctx: HttpContext) => boolean
  /** The store is known down before asking it (default: the app's Redis connection status). */
  storeDown?: () => Promise<boolean>
}

/**
 * Fails closed (issue 16): when the limiter store cannot count, a throttled request is refused
 * with 429 and Retry-After rather than let through uncounted or answered with a 500. The
 * throttle's own 429 and errors of the route itself (after `next()`) pass through untouched.
 */
export function failClosed(
  middleware: (ctx: HttpContext, next: NextFn) => Promise<unknown>,
  options: FailClosedOptions = {}
) {
  const storeDown = options.storeDown ?? appLimiterStoreDown
  return async function failClosedThrottle(ctx: HttpContext, next: NextFn) {
    let downstream = false
    try {
      if (await storeDown()) throw new LimiterStoreDownError('the limiter store is reconnecting')
      return await middleware(ctx, () => {
        downstream = true
        return next()
      })
    } catch (error) {
      if (downstream || error instanceof errors.E_TOO_MANY_REQUESTS || error instanceof ApiError) throw error
      if (options.uncountedWhenDown?.(ctx)) {
        logger.warn(
          { route: ctx.route?.name },
          'limiter store unavailable; a session read or sign-out passes uncounted'
        )
        return next()
      }
      if (!(error instanceof LimiterStoreDownError))
        logger.error({ err: error }, 'limiter store unavailable; refusing the request (fail closed)')
      throw ApiError.tooManyRequests('Too many requests. Please try again later.', STORE_DOWN_RETRY_AFTER_SECONDS)
    }
  }
}

/**
 * The /api/auth routes that stay open uncounted while the limiter store is down (Redis gone):
 * the CSRF cookie, "who am I" and signing out (here or everywhere). Sign-in, sign-up and the
 * token routes still fail closed: they are what the throttle protects.
 */
export const AUTH_ROUTES_OPEN_WHEN_STORE_DOWN = new Set([
  'api.auth.csrf',
  'api.auth.me',
  'api.auth.logout',
  'api.auth.logout_everywhere',
])

export const authThrottle = failClosed(authLimiter, {
  uncountedWhenDown: (ctx) => AUTH_ROUTES_OPEN_WHEN_STORE_DOWN.has(ctx.route?.name ?? ''),
})

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
