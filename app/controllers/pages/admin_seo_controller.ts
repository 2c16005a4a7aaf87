import type { HttpContext } from '@adonisjs/core/http'
import SitemapRun from '#models/sitemap_run'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { toSitemapRunView } from '#transformers/sitemap_run_transformer'
import { inject } from '@adonisjs/core'

/** /admin/seo: the sitemap regeneration console (docs/rules/crawler.md#regeneration). */
@inject()
export default class AdminSeoController {
  constructor(
    private sitemaps: SitemapService,
    private store: SitemapStore
  ) {}

  async show({ inertia }: HttpContext) {
    const [counts, lastRun] = await Promise.all([
      this.sitemaps.counts(),
      SitemapRun.query().orderBy('id', 'desc').first(),
    ])
    return inertia.render('admin/seo', {
      counts,
      disk: this.store.diskName,
      last_run: lastRun ? toSitemapRunView(lastRun) : null,
    })
  }
}
