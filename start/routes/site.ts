/*
| Routes of the site area: the crawler surfaces (docs/rules/catalog.md#page-metadata,
| docs/rules/operations.md#addresses). Every public sitemap/robots/llms route runs on the LEAN stack (no
| session, shield or auth): they are public and cacheable. POST /api/sitemap/regenerate is authenticated by its
| secret header and GET /api/cron/sitemap by its bearer token (both exempt from CSRF,
| docs/rules/accounts.md#sessions); the admin regenerate and the /admin/seo page use the web stack and the admin
| guard.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { webStack, adminPageStack } from '#start/routes/stacks'

/* Site-level crawler surfaces (lean). */
router.get('/robots.txt', [controllers.site.CrawlerTexts, 'robots']).as('site.robots_txt')
router.get('/llms.txt', [controllers.site.CrawlerTexts, 'llms']).as('site.llms_txt')
router.get('/sitemap.xml', [controllers.site.SitemapProxy, 'index']).as('site.sitemap_index')
router.get('/sitemaps/static', [controllers.site.SitemapProxy, 'static']).as('site.sitemap_static')
router.get('/sitemaps/:kind/:chunk', [controllers.site.SitemapProxy, 'chunk']).as('site.sitemap_chunk')
router
  .get('/api/cron/sitemap', [controllers.site.SitemapCron, 'handle'])
  .use(middleware.cronToken())
  .as('site.cron_sitemap')

/* Backend sitemap routes (lean). The xml/* routes come first so `xml` is never read as a kind. */
router
  .group(() => {
    router.get('/counts', [controllers.api.Sitemap, 'counts']).as('counts')
    router.get('/xml/index', [controllers.site.SitemapProxy, 'index']).as('xml_index')
    router.get('/xml/static', [controllers.site.SitemapProxy, 'static']).as('xml_static')
    router.get('/xml/:kind/:chunk', [controllers.site.SitemapProxy, 'chunk']).as('xml_chunk')
    router.get('/:kind/:chunk', [controllers.api.Sitemap, 'jsonChunk']).as('json_chunk')
    router.post('/regenerate', [controllers.api.Sitemap, 'regenerate']).use(middleware.sitemapSecret()).as('regenerate')
  })
  .prefix('/api/sitemap')
  .as('api.sitemap')

/* Admin: 401 without a session, 403 for a non-admin (docs/rules/operations.md#settings). */
router
  .post('/api/admin/sitemap/regenerate', [controllers.api.Sitemap, 'adminRegenerate'])
  .use([...webStack(), middleware.admin({ anonymous: 'unauthorized' })])
  .as('api.admin.sitemap.regenerate')

router.get('/admin/seo', [controllers.pages.AdminSeo, 'show']).use(adminPageStack()).as('pages.admin.seo')
