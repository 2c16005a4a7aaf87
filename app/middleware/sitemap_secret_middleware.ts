import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'
import { ApiError } from '#exceptions/api_error'
import { secretsMatch } from '#services/sitemaps/secrets'

/**
 * POST /api/sitemap/regenerate (docs/rules/crawler.md#regeneration): the `x-sitemap-secret` header must
 * equal SITEMAP_REGENERATE_SECRET, compared in constant time; unset or wrong → 403.
 */
@inject()
export default class SitemapSecretMiddleware {
  constructor(private settings: SitemapSettings) {}

  async handle({ request }: HttpContext, next: NextFn) {
    const expected = this.settings.regenerateSecret
    if (!expected) throw ApiError.forbidden('SITEMAP_REGENERATE_SECRET is not configured on the server.')
    if (!secretsMatch(request.header('x-sitemap-secret'), expected))
      throw ApiError.forbidden('Invalid sitemap regenerate secret.')
    return next()
  }
}
