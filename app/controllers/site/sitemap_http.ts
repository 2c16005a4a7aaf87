/*
| The HTTP edge shared by the backend sitemap routes and the site proxies: route params in,
| XML or JSON with docs/rules/crawler.md#sitemaps Cache-Control out. The services below know no HTTP.
*/
import type { HttpContext } from '@adonisjs/core/http'
import { MalformedChunkError, NoSitemapError } from '#exceptions/sitemaps_errors'
import { SITEMAP_HTTP_CACHE_CONTROL, isSitemapKind, type SitemapKind } from '#services/sitemaps/constants'
import type { SitemapService } from '#services/sitemaps/sitemap_service'

/** Chunk numbers above this are out of range without asking the database. */
const MAX_CHUNK = 1_000_000

export function noSitemap(kind: string, chunk: string | number) {
  return new NoSitemapError(kind, chunk)
}

/** `kind` and `chunk` route params: unknown kind or out-of-range chunk → 404, malformed chunk → 400. */
export function parseChunkParams(params: Record<string, any>): { kind: SitemapKind; chunk: number } {
  const kind = String(params.kind ?? '')
  const rawChunk = String(params.chunk ?? '').replace(/\.xml$/, '')
  if (!/^\d+$/.test(rawChunk)) {
    if (!isSitemapKind(kind)) throw noSitemap(kind, rawChunk)
    throw new MalformedChunkError()
  }
  const chunk = Number(rawChunk)
  // "00" and "007" would serve chunk 0 and 7 at a second address: one address per chunk.
  if (!isSitemapKind(kind) || chunk > MAX_CHUNK || String(chunk) !== rawChunk) throw noSitemap(kind, rawChunk)
  return { kind, chunk }
}

/**
 * A crawler-surface body (sitemap, robots.txt, llms.txt) with the sitemap Cache-Control and a
 * weak ETag of its bytes; a matching If-None-Match gets 304 with no body. Weak because the
 * compression middleware serves gzip and identity bytes under the same tag; content-derived, so
 * every instance behind the balancer answers the same tag (docs/rules/crawler.md#sitemaps).
 */
export function sendCrawlerText(response: HttpContext['response'], body: string, contentType: string) {
  response.header('Content-Type', contentType)
  response.header('Cache-Control', SITEMAP_HTTP_CACHE_CONTROL)
  response.setEtag(body, true)
  if (response.fresh()) return response.status(304).send(null, false)
  return response.send(body, false)
}

export function sendXml(response: HttpContext['response'], xml: string) {
  return sendCrawlerText(response, xml, 'application/xml; charset=utf-8')
}

export function sendSitemapJson(response: HttpContext['response'], body: unknown) {
  response.header('Cache-Control', SITEMAP_HTTP_CACHE_CONTROL)
  return response.json(body)
}

/** One chunk's urlset, storage-first (backend route and site proxy alike); 404 past the last chunk. */
export async function sendChunkXml(
  sitemaps: SitemapService,
  params: Record<string, any>,
  response: HttpContext['response']
) {
  const { kind, chunk } = parseChunkParams(params)
  const xml = await sitemaps.readChunk(kind, chunk)
  if (xml === null) throw noSitemap(kind, chunk)
  return sendXml(response, xml)
}
