import { isApiPath } from '#middleware/api_path'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { appUrl } from '#config/app'

const canonical = new URL(appUrl)
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/**
 * docs/rules/flags.md#ads / docs/rules/hardening.md#canonical-host: a GET or HEAD page request on a
 * non-canonical host is 301-redirected to APP_URL's host. Never for /api, never for loopback hosts. The host is
 * the one the client asked for: X-Forwarded-Host from a trusted proxy, else Host.
 */
export default class CanonicalHostMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const method = ctx.request.method()
    if (method !== 'GET' && method !== 'HEAD') return next()
    if (isApiPath(ctx.request.url())) return next()
    // X-Forwarded-Host counts only from TRUSTED_PROXIES (request.host() asks proxy-addr), so a
    // proxy that rewrites Host to an internal name causes no redirect loop.
    const hostHeader = ctx.request.host() || ''
    const hostname = hostHeader.replace(/:\d+$/, '').toLowerCase()
    if (!hostname || LOOPBACK.has(hostname) || hostHeader.toLowerCase() === canonical.host.toLowerCase()) {
      return next()
    }
    return ctx.response
      .redirect()
      .status(301)
      .toPath(`${canonical.origin}${ctx.request.url(true)}`)
  }
}
