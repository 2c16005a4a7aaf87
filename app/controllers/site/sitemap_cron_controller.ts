import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'
import { forwardSitemapRegeneration } from '#services/sitemaps/cron_forwarder'

/**
 * GET /api/cron/sitemap (docs/rules/crawler.md#cron): the bearer token is checked by the cronToken middleware.
 */
@inject()
export default class SitemapCronController {
  constructor(private settings: SitemapSettings) {}

  async handle({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return response.json(await forwardSitemapRegeneration(this.settings))
  }
}
