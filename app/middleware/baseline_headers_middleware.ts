import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Headers every response carries, also on the lean stack (no shield) and on errors thrown
 * before shield runs (e.g. a refused CSRF token): no MIME sniffing, no framing, and no shared
 * browsing context with a cross-origin window (Google sign-in and Stripe Checkout are redirects,
 * not popups). Shield adds CSP and HSTS on pages and signed-in API routes
 * (docs/decisions/hardening.md).
 */
export default class BaselineHeadersMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('X-Frame-Options', 'DENY')
    response.header('Cross-Origin-Opener-Policy', 'same-origin')
    return next()
  }
}
