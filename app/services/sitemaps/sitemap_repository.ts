/*
| Database reads of the sitemaps: only rows whose own visibility is public (docs/rules/crawler.md#sitemaps),
| in id order. Chunk N of a kind is rows N×CHUNK_SIZE … N×CHUNK_SIZE+CHUNK_SIZE−1 (ids only
| grow, so a chunk's content is stable as the catalog grows). Scans are keyset paginated on
| the (visibility, id) index: never OFFSET over rows, never a whole kind in memory.
| Pages are small (2,000 rows) on purpose: a page is what is alive while V8 scavenges, and
| with 10,000-row pages the survivors made V8 double its young generation (+64 MB RSS).
| `scanPages` (regeneration) reads through the driver itself (sitemap_row_reader.ts): one
| prepared statement, rows as arrays, columns copied into arrays reused for every page.
*/
import db from '@adonisjs/lucid/services/db'
import { CHUNK_SIZE, type SitemapKind } from '#services/sitemaps/constants'
import { toIsoUtc } from '#services/sitemaps/xml'
import { keysetRows, openRowReader, type RowPage } from '#services/sitemaps/sitemap_row_reader'
import { canCopyRows, copyRowPages } from '#services/sitemaps/sitemap_copy_reader'

export type SitemapRow = { id: number; slug: string; updated_at: string }
export type ChunkSummary = { chunk: number; count: number; lastmod: string }

/** Rows per keyset page (see the header: small pages keep the young generation small). */
export const SCAN_PAGE_SIZE = 2_000

export class SitemapRepository {
  constructor(
    readonly chunkSize: number = CHUNK_SIZE,
    readonly batchSize: number = SCAN_PAGE_SIZE
  ) {}

  async count(kind: SitemapKind): Promise<number> {
    const row = await db.from(kind).where('visibility', 'public').count('* as total').first()
    return Number(row?.total ?? 0)
  }

  chunksFor(total: number) {
    return Math.ceil(total / this.chunkSize)
  }

  /**
   * The id after which chunk N starts (0 for chunk 0), or null when the kind has fewer rows.
   * Reads one id at position N×size−1 from the covering (visibility, id) index.
   */
  async chunkStartAfter(kind: SitemapKind, chunk: number): Promise<number | null> {
    if (chunk === 0) return 0
    const row = await db
      .from(kind)
      .where('visibility', 'public')
      .orderBy('id', 'asc')
      .offset(chunk * this.chunkSize - 1)
      .limit(1)
      .select('id')
      .first()
    return row ? Number(row.id) : null
  }

  /** Rows of one chunk, or null when the chunk is out of range. */
  async chunkRows(kind: SitemapKind, chunk: number): Promise<SitemapRow[] | null> {
    const after = await this.chunkStartAfter(kind, chunk)
    if (after === null) return null
    const rows: SitemapRow[] = []
    for await (const batch of this.scan(kind, after, this.chunkSize)) rows.push(...batch)
    if (rows.length === 0) return null
    return rows
  }

  /**
   * Keyset scan of public rows with id > afterId, at most `limit` rows, in pages of
   * `batchSize` plain rows (no model hydration; the driver's row objects are reused).
   */
  async *scan(kind: SitemapKind, afterId = 0, limit = Number.POSITIVE_INFINITY): AsyncGenerator<SitemapRow[]> {
    let last = afterId
    let remaining = limit
    while (remaining > 0) {
      const take = Math.min(this.batchSize, remaining)
      const rows: any[] = await keysetRows(kind, last, take)
      if (rows.length === 0) return
      for (const row of rows) {
        row.id = Number(row.id)
        row.slug = String(row.slug)
        row.updated_at = toIsoUtc(row.updated_at)
      }
      last = rows[rows.length - 1].id
      remaining -= rows.length
      yield rows as SitemapRow[]
      if (rows.length < take) return
    }
  }

  /**
   * Every public row of `kind` in id order, as pages of columns (`ids`, `slugs`, `lastmods`).
   * The next page is already being read while the caller works on this one
   * (the database and Node work at the same time); page objects are reused, so a page is
   * valid until the caller asks for the next.
   */
  async *scanPages(kind: SitemapKind): AsyncGenerator<RowPage> {
    if (canCopyRows()) {
      yield* copyRowPages(kind, this.batchSize)
      return
    }
    const reader = openRowReader(kind, this.batchSize)
    let pending: Promise<RowPage> | null = reader.next(0)
    try {
      while (pending) {
        const page: RowPage = await pending
        pending = null
        if (page.length === 0) return
        if (page.length === this.batchSize) pending = reader.next(page.ids[page.length - 1])
        yield page
      }
    } finally {
      // The caller stopped early: the read ahead is not wanted, and must not go unhandled.
      pending?.catch(() => {})
    }
  }

  /** Per chunk: URL count and newest updated_at (for the index), in one pass per kind. */
  async chunkSummaries(kind: SitemapKind): Promise<ChunkSummary[]> {
    const size = Number(this.chunkSize)
    const rows = await db
      .query()
      .from(
        db
          .from(kind)
          .where('visibility', 'public')
          .select('updated_at', db.raw(`(ROW_NUMBER() OVER (ORDER BY id) - 1) / ${size} AS chunk`))
          .as('numbered')
      )
      .select('chunk')
      .count('* as total')
      .max('updated_at as lastmod')
      .groupBy('chunk')
      .orderBy('chunk', 'asc')
    return rows.map((row: any) => ({
      chunk: Number(row.chunk),
      count: Number(row.total),
      lastmod: toIsoUtc(row.lastmod),
    }))
  }
}
