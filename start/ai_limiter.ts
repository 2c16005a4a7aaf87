import limiter from '@adonisjs/limiter/services/main'
import type { LimiterManager } from '@adonisjs/limiter'
import { hourlyUserThrottle } from '#start/limiter'
import { AI_REQUESTS_PER_HOUR, aiThrottleKey } from '#services/ai/ai_allowance_service'
import { clientNetworkKey } from '#services/accounts/client_ip'

export { AI_REQUESTS_PER_HOUR }

/**
 * The AI throttle (docs/rules/ai.md#guards, Limits): 20 requests per hour per signed-in user
 * on the generating routes and the routes docs/rules/ai.md#tools lists (start/routes/ai.ts); reading a
 * generated course, exports and passages are not counted (issue 29). Runs after auth, flag and plan-access
 * (docs/rules/billing.md#guard-order). The 21st request gets 429 TOO_MANY_REQUESTS with Retry-After. When the
 * limiter store cannot count (Redis or the database down) it fails closed like the auth throttle: model calls
 * cost money, so none runs uncounted.
 */
export function aiThrottleUsing(manager: () => LimiterManager<any>) {
  return hourlyUserThrottle({
    manager,
    requests: () => AI_REQUESTS_PER_HOUR,
    key: (ctx) => (ctx.auth.user ? aiThrottleKey(ctx.auth.user.id) : `ai_ip_${clientNetworkKey(ctx.request.ip())}`),
    message: () => 'You have reached the AI tools limit of 20 requests per hour. Please try again later.',
  })
}

export const aiThrottle = aiThrottleUsing(() => limiter)
