import limiter from '@adonisjs/limiter/services/main'
import type { LimiterManager } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { failClosed } from '#start/limiter'
import { AI_REQUESTS_PER_HOUR, aiThrottleKey } from '#services/ai/ai_allowance_service'

export { AI_REQUESTS_PER_HOUR }

/**
 * The AI throttle (docs/rules/ai.md#guards, Limits): 20 requests per hour per signed-in user
 * on the generating routes and the routes docs/rules/ai.md#tools lists (start/routes/ai.ts); reading a
 * generated course, exports and passages are not counted (issue 29). Runs after auth, flag and plan-access
 * (docs/rules/billing.md#guard-order). Every answer carries RateLimit-Limit / RateLimit-Remaining /
 * RateLimit-Reset (seconds); the 21st request gets 429 TOO_MANY_REQUESTS with Retry-After. When the limiter
 * store cannot count (Redis or the database down) it fails closed like the auth throttle: model calls cost
 * money, so none runs uncounted.
 */
export function aiThrottleUsing(manager: () => LimiterManager<any>) {
  return failClosed(async function aiThrottle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    const key = user ? aiThrottleKey(user.id) : `ai_ip_${ctx.request.ip()}`
    const response = await manager().use({ requests: AI_REQUESTS_PER_HOUR, duration: '1 hour' }).increment(key)
    const reset = Math.max(1, Math.ceil(response.availableIn))
    if (response.consumed > AI_REQUESTS_PER_HOUR) {
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        'You have reached the AI tools limit of 20 requests per hour. Please try again later.',
        {
          headers: {
            'Retry-After': String(reset),
            'RateLimit-Limit': String(AI_REQUESTS_PER_HOUR),
            'RateLimit-Remaining': '0',
            'RateLimit-Reset': String(reset),
          },
        }
      )
    }
    ctx.response.header('RateLimit-Limit', String(AI_REQUESTS_PER_HOUR))
    ctx.response.header('RateLimit-Remaining', String(Math.max(0, response.remaining)))
    ctx.response.header('RateLimit-Reset', String(reset))
    return next()
  })
}

export const aiThrottle = aiThrottleUsing(() => limiter)
