import { isApiPath } from '#middleware/api_path'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import featureFlags from '#services/flags/feature_flags'
import { ApiError } from '#exceptions/api_error'

/**
 * docs/rules/flags.md#guard (the flag-name decorator, as route middleware): `requireFlag({ name })`
 * answers 403 FORBIDDEN "Feature '<name>' is currently disabled" when the flag is disabled
 * or missing. Routes without it are allowed. Put it after auth and before planAccess
 * (docs/rules/billing.md#guard-order order). The check reads the in-memory cache (no query on the hot path).
 */
export default class RequireFlagMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { name: string }) {
    if (!options?.name) return next()
    if (!(await featureFlags.isEnabled(options.name))) {
      const isApi = isApiPath(ctx.request.url())
      // End users on pages only ever see the generic copy (docs/rules/flags.md#admin).
      throw ApiError.forbidden(isApi ? `Feature '${options.name}' is currently disabled` : 'Feature not available')
    }
    return next()
  }
}
