import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * PLACEHOLDER owned by the feature-flags work (issue 4): `requireFlag({ name })` answers 403
 * "Feature '<name>' is currently disabled" when the flag is disabled or missing.
 */
export default class RequireFlagMiddleware {
  async handle(_ctx: HttpContext, next: NextFn, _options: { name: string }) {
    return next()
  }
}
