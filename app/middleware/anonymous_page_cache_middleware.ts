import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { CatalogSettings } from '#services/catalog/catalog_settings'
import catalogPageCache, { ANONYMOUS_PAGE_CACHE_CONTROL, type CachedPage } from '#services/catalog/catalog_page_cache'

/** Headers that belong to one response, never to a cached copy. */
const OWN_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'content-length',
  'date',
  'etag',
  'last-modified',
  'cache-control',
])

/**
 * In front of the web stack of the catalog pages (start/routes/pages.ts). A GET or HEAD without
 * any cookie and without the Inertia header is an anonymous visit: it is answered from the
 * anonymous page cache, or rendered once and kept, never with a Set-Cookie (so the copy a CDN
 * or this cache shares holds nothing of one visitor; the pages' client fetches its CSRF
 * cookie when it needs one). ETag / Last-Modified give 304s. Any request with a cookie may be
 * signed in: it runs the whole stack and is neither cached nor served from the cache. So does
 * a search (`?q=`). The TTL comes from the injected CatalogSettings (tests swap them).
 */
@inject()
export default class AnonymousPageCacheMiddleware {
  constructor(private settings: CatalogSettings) {}

  handle(ctx: HttpContext, next: NextFn) {
    return anonymousPageCache(ctx, next, this.settings.pageCacheTtlMs)
  }
}

async function anonymousPageCache(ctx: HttpContext, next: NextFn, pageCacheTtlMs: number) {
  const { request, response } = ctx
  const method = request.method()
  if ((method !== 'GET' && method !== 'HEAD') || request.header('cookie') || request.header('x-inertia')) return next()
  // Search pages (any `q`) are neither kept nor served: every query would be a new entry,
  // pushing the shared list and detail pages out of the bounded cache (issue 26).
  if (request.qs().q !== undefined) return next()
  const key = request.url(true)
  const cached = catalogPageCache.get(key)
  if (cached) return answer(ctx, cached)

  const generation = catalogPageCache.generation
  await next()
  response.removeHeader('set-cookie')
  const body = response.getBody()
  // An HTML page (the content type is only set when the body is written).
  if (response.getStatus() !== 200 || typeof body !== 'string' || !body.startsWith('<') || ctx.auth?.user) return
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (!OWN_HEADERS.has(name.toLowerCase()) && value !== undefined) headers[name] = String(value)
  }
  const entry = catalogPageCache.set(key, body, headers, generation, pageCacheTtlMs)
  validators(ctx, entry)
  if (notModified(ctx, entry)) response.status(304).send('')
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2). */
function notModified({ request }: HttpContext, entry: CachedPage) {
  const match = request.header('if-none-match')
  if (match) {
    return match.trim() === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)
  }
  const since = Date.parse(request.header('if-modified-since') || '')
  return Number.isFinite(since) && since >= Date.parse(entry.lastModified)
}

function validators({ response }: HttpContext, entry: CachedPage) {
  response.header('ETag', entry.etag)
  response.header('Last-Modified', entry.lastModified)
  response.header('Cache-Control', ANONYMOUS_PAGE_CACHE_CONTROL)
  // A CDN must not answer an Inertia visit (X-Inertia, JSON) with the cached HTML.
  response.header('Vary', 'Cookie, X-Inertia')
}

function answer(ctx: HttpContext, entry: CachedPage) {
  const { response } = ctx
  for (const [name, value] of Object.entries(entry.headers)) response.header(name, value)
  response.header('Content-Type', 'text/html; charset=utf-8')
  validators(ctx, entry)
  if (notModified(ctx, entry)) return response.status(304).send('')
  return response.send(entry.body)
}
