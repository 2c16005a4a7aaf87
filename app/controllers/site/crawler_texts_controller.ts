import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SITEMAP_HTTP_CACHE_CONTROL } from '#services/sitemaps/constants'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { llmsTxt, robotsTxt } from '#services/sitemaps/site_texts'

/** /robots.txt and /llms.txt (docs/rules/crawler.md#sitemaps). */
@inject()
export default class CrawlerTextsController {
  constructor(protected sitemaps: SitemapService) {}

  async robots({ response }: HttpContext) {
    response.header('Content-Type', 'text/plain; charset=utf-8')
    response.header('Cache-Control', SITEMAP_HTTP_CACHE_CONTROL)
    return response.send(robotsTxt())
  }

  async llms({ response }: HttpContext) {
    const counts = await this.sitemaps.counts()
    response.header('Content-Type', 'text/plain; charset=utf-8')
    response.header('Cache-Control', SITEMAP_HTTP_CACHE_CONTROL)
    return response.send(llmsTxt(counts))
  }
}
