import { isApiPath } from '#middleware/api_path'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import featureFlags from '#services/flags/feature_flags'
import { ApiError } from '#exceptions/api_error'

/**
 * SPEC F rule 4 (the flag-name decorator, as route middleware): `requireFlag({ name })`
 * answers 403 FORBIDDEN "Feature '<name>' is currently disabled" when the flag is disabled
 * or missing. Routes without it are allowed. Put it after auth and before planAccess
 * (CONTRACT 4 order). The check reads the in-memory cache (no query on the hot path).
 */
export default class RequireFlagMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { name: string }) {
    if (!options?.name) return next()
    if (!(await featureFlags.isEnabled(options.name))) {
      const isApi = isApiPath(ctx.request.url())
      // End users on pages only ever see the generic copy (SPEC F rule 5).
      throw ApiError.forbidden(isApi ? `Feature '${options.name}' is currently disabled` : 'Feature not available')
    }
    return next()
  }
}
