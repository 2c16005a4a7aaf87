/*
| Sitemap reads (docs/rules/crawler.md#sitemaps): counts, JSON chunks, and the XML index, static urlset and
| chunk urlsets. XML reads are storage-first (rule 4): a stored object is served as is; otherwise the XML is
| rendered live and uploaded fire-and-forget (an upload failure is logged, never returned to the caller).
*/
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { appUrl } from '#config/app'
import {
  CHUNK_SIZE,
  KIND_URL_RULES,
  SITEMAP_KINDS,
  STATIC_CONTENT_UPDATED_AT,
  STATIC_PAGES,
  objectName,
  type SitemapKind,
} from '#services/sitemaps/constants'
import { SitemapRepository, type ChunkSummary, type SitemapRow } from '#services/sitemaps/sitemap_repository'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { UrlsetBuilder, buildSitemapIndex, toLastmod, urlsetKind, type UrlsetKind } from '#services/sitemaps/xml'

export type SitemapCounts = Record<SitemapKind, { total: number; chunks: number }>

export type RenderedChunk = { xml: string; count: number; refused: number }

export function siteUrl() {
  return appUrl
}

/**
 * The one rule that turns a catalog row into a sitemap URL (docs/rules/crawler.md#sitemaps): the kind's path,
 * changefreq and priority. The live read, the regeneration and the tests all go through it.
 */
export function urlsetKindOf(kind: SitemapKind): UrlsetKind {
  const rule = KIND_URL_RULES[kind]
  return urlsetKind(`${siteUrl()}${rule.path}/`, rule.changefreq, rule.priority)
}

/** Adds one row (slug and raw `updated_at`) of `kind` to the urlset being built. */
export function addRow(builder: UrlsetBuilder, kind: UrlsetKind, row: SitemapRow): boolean {
  return builder.addSlug(kind, row.slug, toLastmod(row.updated_at))
}

/** Renders one chunk's rows as a urlset. */
export function renderChunkXml(kind: SitemapKind, rows: Iterable<SitemapRow>, maxBytes?: number): RenderedChunk {
  const entry = urlsetKindOf(kind)
  const builder = new UrlsetBuilder(maxBytes)
  for (const row of rows) addRow(builder, entry, row)
  return { xml: builder.finish(), count: builder.count, refused: builder.refused }
}

export function renderStaticXml(): string {
  const builder = new UrlsetBuilder()
  for (const page of STATIC_PAGES) {
    builder.add(
      `${siteUrl()}${page.path === '/' ? '/' : page.path}`,
      STATIC_CONTENT_UPDATED_AT,
      page.changefreq,
      page.priority
    )
  }
  return builder.finish()
}

export function renderIndexXml(summaries: Record<SitemapKind, ChunkSummary[]>): string {
  const entries = [{ loc: `${siteUrl()}/sitemaps/static`, lastmod: STATIC_CONTENT_UPDATED_AT }]
  for (const kind of SITEMAP_KINDS) {
    for (const summary of summaries[kind]) {
      entries.push({ loc: `${siteUrl()}/sitemaps/${kind}/${summary.chunk}`, lastmod: toLastmod(summary.lastmod) })
    }
  }
  return buildSitemapIndex(entries)
}

@inject()
export class SitemapService {
  repository: SitemapRepository

  constructor(protected store: SitemapStore) {
    this.repository = new SitemapRepository(CHUNK_SIZE)
  }

  async counts(): Promise<SitemapCounts> {
    const result = {} as SitemapCounts
    for (const kind of SITEMAP_KINDS) {
      const total = await this.repository.count(kind)
      result[kind] = { total, chunks: this.repository.chunksFor(total) }
    }
    return result
  }

  /** JSON chunk (legacy live fallback), or null when out of range. */
  async jsonChunk(kind: SitemapKind, chunk: number) {
    const [rows, total] = await Promise.all([this.repository.chunkRows(kind, chunk), this.repository.count(kind)])
    if (!rows) return null
    return {
      kind,
      chunk,
      total_chunks: this.repository.chunksFor(total),
      items: rows.map((row) => ({ slug: row.slug, updated_at: row.updated_at })),
    }
  }

  /** Renders one chunk straight from the keyset scan (no array of the chunk's rows). */
  async renderChunk(kind: SitemapKind, chunk: number): Promise<string | null> {
    const after = await this.repository.chunkStartAfter(kind, chunk)
    if (after === null) return null
    const entry = urlsetKindOf(kind)
    const builder = new UrlsetBuilder(undefined, 12 << 20)
    let rows = 0
    for await (const page of this.repository.scan(kind, after, this.repository.chunkSize)) {
      for (const row of page) addRow(builder, entry, row)
      rows += page.length
    }
    if (rows === 0) return null
    if (builder.refused) {
      logger.warn({ kind, chunk, refused: builder.refused }, 'sitemap chunk cut at the 50 MB limit')
    }
    return builder.finish()
  }

  async renderIndex(): Promise<string> {
    const summaries = {} as Record<SitemapKind, ChunkSummary[]>
    for (const kind of SITEMAP_KINDS) summaries[kind] = await this.repository.chunkSummaries(kind)
    return renderIndexXml(summaries)
  }

  /** Storage-first read of the index. */
  readIndex() {
    return this.#storageFirst('index', () => this.renderIndex())
  }

  readStatic() {
    return this.#storageFirst('static', async () => renderStaticXml())
  }

  /** Storage-first read of a chunk; null when out of range. */
  readChunk(kind: SitemapKind, chunk: number) {
    return this.#storageFirst(objectName(kind, chunk), () => this.renderChunk(kind, chunk))
  }

  async #storageFirst<T extends string | null>(name: string, render: () => Promise<T>): Promise<T> {
    if (this.store.enabled) {
      try {
        const stored = await this.store.get(name)
        if (stored !== null) return stored as T
      } catch (error) {
        logger.warn({ err: error, name }, 'sitemap storage read failed; rendering live')
      }
    }
    const xml = await render()
    if (xml !== null && this.store.enabled) {
      // Fire-and-forget: the crawler gets the live XML whatever the upload does.
      void Promise.resolve()
        .then(() => this.store.put(name, xml))
        .catch((error) => logger.warn({ err: error, name }, 'sitemap upload after live render failed'))
    }
    return xml
  }
}
