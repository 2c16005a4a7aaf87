import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Requires a signed-in user. An expired session with a valid remember-me cookie is
 * restored (and the token rotated) by the session guard. API callers get the contract's
 * 401; pages are redirected to /login?next= by the exception handler.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.authenticate()
    return next()
  }
}
