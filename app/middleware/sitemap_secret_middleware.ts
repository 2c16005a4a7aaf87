import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'
import { ApiError } from '#exceptions/api_error'
import { secretsMatch } from '#services/sitemaps/secrets'

/**
 * POST /api/sitemap/regenerate (docs/rules/crawler.md#regeneration): the `x-sitemap-secret` header must
 * equal SITEMAP_REGENERATE_SECRET, compared in constant time; unset or wrong → 403.
 */
export default class SitemapSecretMiddleware {
  async handle({ request }: HttpContext, next: NextFn) {
    const expected = env.get('SITEMAP_REGENERATE_SECRET')
    if (!expected) throw ApiError.forbidden('SITEMAP_REGENERATE_SECRET is not configured on the server.')
    if (!secretsMatch(request.header('x-sitemap-secret'), expected))
      throw ApiError.forbidden('Invalid sitemap regenerate secret.')
    return next()
  }
}
