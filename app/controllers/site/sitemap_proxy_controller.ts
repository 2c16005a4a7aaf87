import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { sendChunkXml, sendXml } from '#controllers/site/sitemap_http'

/**
 * /sitemap.xml, /sitemaps/static, /sitemaps/{kind}/{chunk}: the site-level proxies of the
 * backend XML routes. The backend runs in this process, so they call the same service
 * (storage-first) instead of a loopback HTTP hop.
 */
@inject()
export default class SitemapProxyController {
  constructor(protected sitemaps: SitemapService) {}

  async index({ response }: HttpContext) {
    return sendXml(response, await this.sitemaps.readIndex())
  }

  async static({ response }: HttpContext) {
    return sendXml(response, await this.sitemaps.readStatic())
  }

  async chunk({ params, response }: HttpContext) {
    return sendChunkXml(this.sitemaps, params, response)
  }
}
