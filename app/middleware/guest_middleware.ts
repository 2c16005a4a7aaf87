import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { safeNextPath } from '#services/accounts/safe_next_path'

/** Pages only guests see (login, sign-up): a signed-in user goes on to `next` or the dashboard. */
export default class GuestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.check()) {
      return ctx.response.redirect(safeNextPath(ctx.request.input('next'), '/dashboard'))
    }
    return next()
  }
}
