import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Private pages (verify-email, onboarding, warning, settings): never indexed. */
export default class NoindexMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.response.header('X-Robots-Tag', 'noindex, nofollow')
    return next()
  }
}
