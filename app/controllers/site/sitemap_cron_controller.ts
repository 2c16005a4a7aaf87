import type { HttpContext } from '@adonisjs/core/http'
import { forwardSitemapRegeneration } from '#services/sitemaps/cron_forwarder'

/**
 * GET /api/cron/sitemap (docs/rules/crawler.md#cron): the bearer token is checked by the cronToken middleware.
 */
export default class SitemapCronController {
  async handle({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return response.json(await forwardSitemapRegeneration())
  }
}
