import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { SitemapRegenerationService } from '#services/sitemaps/regeneration_service'
import { noSitemap, parseChunkParams, sendSitemapJson } from '#controllers/site/sitemap_http'

/** Backend sitemap routes of docs/rules/crawler.md#sitemaps (lean stack, except the admin regenerate). */
@inject()
export default class SitemapController {
  constructor(
    protected sitemaps: SitemapService,
    protected regeneration: SitemapRegenerationService
  ) {}

  async counts({ response }: HttpContext) {
    return sendSitemapJson(response, await this.sitemaps.counts())
  }

  async jsonChunk({ params, response }: HttpContext) {
    const { kind, chunk } = parseChunkParams(params)
    const body = await this.sitemaps.jsonChunk(kind, chunk)
    if (!body) throw noSitemap(kind, chunk)
    return sendSitemapJson(response, body)
  }

  /** POST /api/sitemap/regenerate: the x-sitemap-secret header is checked by the sitemapSecret middleware. */
  async regenerate({ response }: HttpContext) {
    return response.json(await this.regeneration.regenerate({ trigger: 'api' }))
  }

  /** POST /api/admin/sitemap/regenerate: session + admin. */
  async adminRegenerate({ response }: HttpContext) {
    return response.json(await this.regeneration.regenerate({ trigger: 'admin' }))
  }
}
