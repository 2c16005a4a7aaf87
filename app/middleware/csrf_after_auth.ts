import type { HttpContext } from '@adonisjs/core/http'

/** The named middleware that answer a caller without a session (401, or 403 for `admin`). */
const SIGNED_IN_GUARDS = new Set(['auth', 'admin'])
/** The session guard `web` (config/auth.ts) keeps its user under this key and its remember-me token in this cookie. */
const SESSION_USER_KEY = 'auth_web'
const REMEMBER_COOKIE = /(?:^|;\s*)remember_web=/

/**
 * Shield's `exceptRoutes` (config/shield.ts). docs/rules/billing.md#guard-order checks auth (401) first, but
 * shield's CSRF check runs before the route's auth middleware, so an anonymous call to a signed-in route
 * answered 403 "missing CSRF token" instead of 401. A request holding neither a signed-in session nor a
 * remember-me cookie carries nothing a forged request could use, so its CSRF check is left to the guard, which
 * refuses it. Every request with credentials is checked as before.
 */
export function anonymousCallToSignedInRoute(ctx: HttpContext): boolean {
  const routeMiddleware = ctx.route?.middleware?.all() ?? new Set()
  const guarded = [...routeMiddleware].some((entry) => SIGNED_IN_GUARDS.has((entry as { name?: string }).name ?? ''))
  if (!guarded) return false
  if (REMEMBER_COOKIE.test(ctx.request.header('cookie') ?? '')) return false
  return !ctx.session?.has(SESSION_USER_KEY)
}
