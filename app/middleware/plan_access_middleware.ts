import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

export type PlanFeature = 'AI_CREDIT' | 'UPLOAD'

/**
 * PLACEHOLDER owned by the billing work (issue 6) and the sign-up work (issue 3, email part):
 * `planAccess({ feature })` per CONTRACT 4 and 12.
 */
export default class PlanAccessMiddleware {
  async handle(_ctx: HttpContext, next: NextFn, _options: { feature?: PlanFeature } = {}) {
    return next()
  }
}
