import type { HttpContext } from '@adonisjs/core/http'
import SitemapRun from '#models/sitemap_run'
import { SitemapService } from '#services/sitemaps/sitemap_service'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { toSitemapRunView } from '#transformers/sitemap_run_transformer'
import app from '@adonisjs/core/services/app'

/** /admin/seo: the sitemap regeneration console (docs/rules/crawler.md#regeneration). */
export default class AdminSeoController {
  async show({ inertia }: HttpContext) {
    const sitemaps = await app.container.make(SitemapService)
    const store = await app.container.make(SitemapStore)
    const [counts, lastRun] = await Promise.all([sitemaps.counts(), SitemapRun.query().orderBy('id', 'desc').first()])
    return inertia.render('admin/seo', {
      counts,
      disk: store.diskName,
      last_run: lastRun ? toSitemapRunView(lastRun) : null,
    })
  }
}
