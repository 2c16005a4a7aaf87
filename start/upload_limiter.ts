import limiter from '@adonisjs/limiter/services/main'
import type { LimiterManager } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { failClosed } from '#start/limiter'
import { ThrottleSettings } from '#services/infra/throttle_settings'

/**
 * The upload throttle (issue 23.4, docs/rules/documents.md#upload-limits): UPLOADS_PER_HOUR attempts per
 * signed-in user per hour on POST /api/documents/upload. Every attempt that passes auth, flag and plan access
 * counts, whatever its answer (a bad file, the quota, a body over the limit). It runs before the body is read,
 * so a throttled request writes nothing. Over the limit: 429 TOO_MANY_REQUESTS with Retry-After; a limiter
 * store that cannot count fails closed like the other throttles.
 */
export function uploadThrottleUsing(manager: () => LimiterManager<any>) {
  return failClosed(async function uploadThrottle(ctx: HttpContext, next: NextFn) {
    const allowed = (await ctx.containerResolver.make(ThrottleSettings)).uploadsPerHour
    const user = ctx.auth.user
    const key = user ? `upload_user_${user.id}` : `upload_ip_${ctx.request.ip()}`
    const response = await manager().use({ requests: allowed, duration: '1 hour' }).increment(key)
    const reset = Math.max(1, Math.ceil(response.availableIn))
    if (response.consumed > allowed) {
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        `You have reached the limit of ${allowed} uploads per hour. Please try again later.`,
        {
          headers: {
            'Retry-After': String(reset),
            'RateLimit-Limit': String(allowed),
            'RateLimit-Remaining': '0',
            'RateLimit-Reset': String(reset),
          },
        }
      )
    }
    ctx.response.header('RateLimit-Limit', String(allowed))
    ctx.response.header('RateLimit-Remaining', String(Math.max(0, response.remaining)))
    ctx.response.header('RateLimit-Reset', String(reset))
    return next()
  })
}

export const uploadThrottle = uploadThrottleUsing(() => limiter)
