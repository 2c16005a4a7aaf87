import limiter from '@adonisjs/limiter/services/main'
import type { LimiterManager } from '@adonisjs/limiter'
import { hourlyUserThrottle } from '#start/limiter'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { clientNetworkKey } from '#services/accounts/client_ip'

/**
 * The upload throttle (issue 23.4, docs/rules/documents.md#upload-limits): UPLOADS_PER_HOUR attempts per
 * signed-in user per hour on POST /api/documents/upload. Every attempt that passes auth, flag and plan access
 * counts, whatever its answer (a bad file, the quota, a body over the limit). It runs before the body is read,
 * so a throttled request writes nothing. Over the limit: 429 TOO_MANY_REQUESTS with Retry-After; a limiter
 * store that cannot count fails closed like the other throttles.
 */
export function uploadThrottleUsing(manager: () => LimiterManager<any>) {
  return hourlyUserThrottle({
    manager,
    requests: async (ctx) => (await ctx.containerResolver.make(ThrottleSettings)).uploadsPerHour,
    key: (ctx) =>
      ctx.auth.user ? `upload_user_${ctx.auth.user.id}` : `upload_ip_${clientNetworkKey(ctx.request.ip())}`,
    message: (allowed) => `You have reached the limit of ${allowed} uploads per hour. Please try again later.`,
  })
}

export const uploadThrottle = uploadThrottleUsing(() => limiter)
