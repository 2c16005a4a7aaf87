import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'
import { ApiError } from '#exceptions/api_error'
import { secretsMatch } from '#services/sitemaps/secrets'

/**
 * GET /api/cron/sitemap (docs/rules/crawler.md#cron): `Authorization: Bearer <CRON_SECRET>`,
 * compared in constant time; an unset CRON_SECRET always answers 401.
 */
@inject()
export default class CronTokenMiddleware {
  constructor(private settings: SitemapSettings) {}

  async handle({ request }: HttpContext, next: NextFn) {
    const expected = this.settings.cronSecret
    const token = /^Bearer\s+(.+)$/i.exec(request.header('authorization') || '')?.[1]?.trim()
    if (!expected || !secretsMatch(token, expected)) throw ApiError.unauthorized('Invalid or missing cron token.')
    return next()
  }
}
