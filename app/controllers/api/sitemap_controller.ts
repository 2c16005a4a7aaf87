import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { ApiError } from '#exceptions/api_error'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { SitemapRegenerationService } from '#services/sitemaps/regeneration_service'
import { noSitemap, parseChunkParams, sendChunkXml, sendSitemapJson, sendXml } from '#services/sitemaps/http'
import { secretsMatch } from '#services/sitemaps/secrets'

/** Backend sitemap routes of SPEC B (lean stack, except the admin regenerate). */
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

  async xmlIndex({ response }: HttpContext) {
    return sendXml(response, await this.sitemaps.readIndex())
  }

  async xmlStatic({ response }: HttpContext) {
    return sendXml(response, await this.sitemaps.readStatic())
  }

  async xmlChunk({ params, response }: HttpContext) {
    return sendChunkXml(this.sitemaps, params, response)
  }

  /** POST /api/sitemap/regenerate: header x-sitemap-secret (SPEC Authentication 4). */
  async regenerate({ request, response }: HttpContext) {
    const expected = env.get('SITEMAP_REGENERATE_SECRET')
    if (!expected) throw ApiError.forbidden('SITEMAP_REGENERATE_SECRET is not configured on the server.')
    if (!secretsMatch(request.header('x-sitemap-secret'), expected)) {
      throw ApiError.forbidden('Invalid sitemap regenerate secret.')
    }
    return response.json(await this.regeneration.regenerate({ trigger: 'api' }))
  }

  /** POST /api/admin/sitemap/regenerate: session + admin. */
  async adminRegenerate({ response }: HttpContext) {
    return response.json(await this.regeneration.regenerate({ trigger: 'admin' }))
  }
}
