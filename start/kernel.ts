/*
| Middleware. Public, cacheable routes (catalog JSON, crawler surfaces, flag status, the
| webhook) run on a lean stack: only the server middleware and the body parser. Pages and
| signed-in API routes add session, shield (CSRF, headers) and auth through `webStack()`
| in start/routes/stacks.ts.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  // Outermost: it sends streamed bodies itself and refuses unwritable headers (issue 23.1).
  () => import('#middleware/response_guard_middleware'),
  () => import('#middleware/upload_tmp_middleware'),
  () => import('#middleware/compression_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/baseline_headers_middleware'),
  () => import('#middleware/canonical_host_middleware'),
  () => import('#middleware/site_assets_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([() => import('#middleware/body_parser_middleware'), () => import('#middleware/text_input_middleware')])

export const middleware = router.named({
  session: () => import('@adonisjs/session/session_middleware'),
  shield: () => import('@adonisjs/shield/shield_middleware'),
  initializeAuth: () => import('@adonisjs/auth/initialize_auth_middleware'),
  silentAuth: () => import('#middleware/silent_auth_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  guest: () => import('#middleware/guest_middleware'),
  admin: () => import('#middleware/admin_middleware'),
  requireFlag: () => import('#middleware/require_flag_middleware'),
  planAccess: () => import('#middleware/plan_access_middleware'),
  noindex: () => import('#middleware/noindex_middleware'),
  sitemapSecret: () => import('#middleware/sitemap_secret_middleware'),
  cronToken: () => import('#middleware/cron_token_middleware'),
  multipartUpload: () => import('#middleware/multipart_upload_middleware'),
  largeJsonBody: () => import('#middleware/large_json_body_middleware'),
  anonymousPageCache: () => import('#middleware/anonymous_page_cache_middleware'),
})
