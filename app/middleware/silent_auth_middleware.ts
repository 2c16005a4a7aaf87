import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { enforceSessionVersion } from '#services/accounts/session_security'

/** Resolves the user when there is one (session, else remember-me cookie) without requiring it. */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    // Without any cookie there is neither a session nor a remember-me token to resolve: skip
    // the guard, which would otherwise build (and catch) an exception on every anonymous hit.
    if (!ctx.request.header('cookie')) return next()
    await ctx.auth.check()
    // Sessions revoked by a password change or "sign out everywhere" stop here.
    await enforceSessionVersion(ctx.auth.use('web'), ctx.session)
    return next()
  }
}
