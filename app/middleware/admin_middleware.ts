import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'

/**
 * Requires role admin. docs/rules/accounts.md#sessions: the flag admin routes answer 403 to anonymous
 * callers too (`anonymous: 'forbidden'`, the default); `POST /api/admin/sitemap/regenerate`
 * answers 401 without a session (`anonymous: 'unauthorized'`), docs/rules/hardening.md#bad-input.
 */
export default class AdminMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { anonymous?: 'forbidden' | 'unauthorized' } = {}) {
    const signedIn = await ctx.auth.check()
    if (!signedIn) {
      if (options.anonymous === 'unauthorized') throw ApiError.unauthorized()
      throw ApiError.forbidden('Administrator access required')
    }
    if (ctx.auth.user!.role !== 'admin') throw ApiError.forbidden('Administrator access required')
    return next()
  }
}
