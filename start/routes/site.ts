/*
| Routes of the site area: the crawler surfaces (docs/rules/catalog.md#page-metadata,
| docs/rules/operations.md#addresses). Every public sitemap/robots/llms route runs on the LEAN stack (no
| session, shield or auth): they are public and cacheable. POST /api/sitemap/regenerate is authenticated by its
| secret header and GET /api/cron/sitemap by its bearer token (both exempt from CSRF,
| docs/rules/accounts.md#sessions); the admin regenerate and the /admin/seo page use the web stack and the admin
| guard.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { webStack, adminPageStack } from '#start/routes/stacks'

const SitemapController = () => import('#controllers/api/sitemap_controller')
const SitemapProxyController = () => import('#controllers/site/sitemap_proxy_controller')
const SitemapCronController = () => import('#controllers/site/sitemap_cron_controller')
const CrawlerTextsController = () => import('#controllers/site/crawler_texts_controller')
const AdminSeoController = () => import('#controllers/pages/admin_seo_controller')

/* Site-level crawler surfaces (lean). */
router.get('/robots.txt', [CrawlerTextsController, 'robots']).as('site.robots_txt')
router.get('/llms.txt', [CrawlerTextsController, 'llms']).as('site.llms_txt')
router.get('/sitemap.xml', [SitemapProxyController, 'index']).as('site.sitemap_index')
router.get('/sitemaps/static', [SitemapProxyController, 'static']).as('site.sitemap_static')
router.get('/sitemaps/:kind/:chunk', [SitemapProxyController, 'chunk']).as('site.sitemap_chunk')
router.get('/api/cron/sitemap', [SitemapCronController, 'handle']).use(middleware.cronToken()).as('site.cron_sitemap')

/* Backend sitemap routes (lean). The xml/* routes come first so `xml` is never read as a kind. */
router
  .group(() => {
    router.get('/counts', [SitemapController, 'counts']).as('counts')
    router.get('/xml/index', [SitemapController, 'xmlIndex']).as('xml_index')
    router.get('/xml/static', [SitemapController, 'xmlStatic']).as('xml_static')
    router.get('/xml/:kind/:chunk', [SitemapController, 'xmlChunk']).as('xml_chunk')
    router.get('/:kind/:chunk', [SitemapController, 'jsonChunk']).as('json_chunk')
    router.post('/regenerate', [SitemapController, 'regenerate']).use(middleware.sitemapSecret()).as('regenerate')
  })
  .prefix('/api/sitemap')
  .as('api.sitemap')

/* Admin: 401 without a session, 403 for a non-admin (docs/rules/operations.md#settings). */
router
  .post('/api/admin/sitemap/regenerate', [SitemapController, 'adminRegenerate'])
  .use([...webStack(), middleware.admin({ anonymous: 'unauthorized' })])
  .as('api.admin.sitemap.regenerate')

router.get('/admin/seo', [AdminSeoController, 'show']).use(adminPageStack()).as('pages.admin.seo')
