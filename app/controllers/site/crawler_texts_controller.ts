import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { llmsTxt, robotsTxt } from '#services/sitemaps/site_texts'
import { sendCrawlerText } from '#controllers/site/sitemap_http'

/** /robots.txt and /llms.txt (docs/rules/crawler.md#sitemaps). */
@inject()
export default class CrawlerTextsController {
  constructor(protected sitemaps: SitemapService) {}

  async robots({ response }: HttpContext) {
    return sendCrawlerText(response, robotsTxt(), 'text/plain; charset=utf-8')
  }

  async llms({ response }: HttpContext) {
    const counts = await this.sitemaps.counts()
    return sendCrawlerText(response, llmsTxt(counts), 'text/plain; charset=utf-8')
  }
}
