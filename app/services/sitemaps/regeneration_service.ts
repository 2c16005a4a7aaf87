/*
| Sitemap regeneration (docs/rules/crawler.md#sitemaps). Builds every object, uploads only those
| whose bytes differ from the stored ones, and reports { durationMs, counts, uploaded, skipped }
| plus the change since the last run. Rows are streamed with keyset pagination (one chunk in
| memory at a time); chunks are published first and the index last, so a crawler never sees
| an index pointing at a missing chunk. Single-flight through @adonisjs/lock's database store
| (`regenerationLock`), so several app instances never regenerate at once, and a run needs only
| what it reads and writes: PostgreSQL and the disk, never Redis.
*/
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import lockManager from '@adonisjs/lock/services/main'
import db from '@adonisjs/lucid/services/db'
import { RegenerationInProgressError } from '#exceptions/sitemaps_errors'
import SitemapRun from '#models/sitemap_run'
import { CHUNK_SIZE, SITEMAP_KINDS, objectName, type SitemapKind } from '#services/sitemaps/constants'
import { SitemapRepository, type ChunkSummary } from '#services/sitemaps/sitemap_repository'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { UrlsetBuilder } from '#services/sitemaps/xml'
import { renderIndexXml, renderStaticXml, urlsetKindOf } from '#services/sitemaps/sitemap_service'

export const REGENERATION_LOCK_KEY = 'sitemaps:regenerate'
/** Longer than any regeneration; the lock is released as soon as the run ends. */
const LOCK_TTL = '15m'

/**
 * The single-flight lock, always in the `locks` table (docs/decisions/instances.md): with the
 * default store (Redis when REDIS_URL is set) a Redis outage failed every regeneration, the
 * admin's with a 500 and the weekly backstop for a whole week.
 */
export function regenerationLock(ttl: string = LOCK_TTL) {
  return lockManager.use('database').createLock(REGENERATION_LOCK_KEY, ttl)
}

export type KindChange = { previous: number; current: number; added: number; removed: number }

export type RegenerationResult = {
  durationMs: number
  counts: Record<SitemapKind, number>
  uploaded: number
  skipped: number
  deleted: number
  disk: string | null
  changes: Record<SitemapKind, KindChange> | null
  warnings: string[]
}

export type RegenerationProgress =
  | {
      type: 'object'
      name: string
      kind: SitemapKind | 'static' | 'index'
      urls: number
      action: 'uploaded' | 'skipped' | 'rendered'
    }
  | { type: 'kind'; kind: SitemapKind; urls: number; chunks: number }

export type RegenerationOptions = {
  trigger?: string
  onProgress?: (event: RegenerationProgress) => void
  /** Test hook: smaller chunks. */
  chunkSize?: number
}

@inject()
export class SitemapRegenerationService {
  constructor(protected store: SitemapStore) {}

  /** Runs one regeneration, or throws RegenerationInProgressError (429) when one is running. */
  async regenerate(options: RegenerationOptions = {}): Promise<RegenerationResult> {
    const lock = regenerationLock()
    const acquired = await lock.acquireImmediately()
    if (!acquired) throw new RegenerationInProgressError()
    try {
      return await this.#run(options)
    } finally {
      await lock.release().catch((error) => logger.warn({ err: error }, 'sitemap lock release failed'))
    }
  }

  async #run(options: RegenerationOptions): Promise<RegenerationResult> {
    const started = performance.now()
    const repository = new SitemapRepository(options.chunkSize ?? CHUNK_SIZE)
    const previous = await SitemapRun.query().orderBy('id', 'desc').first()
    const counts = {} as Record<SitemapKind, number>
    const maxIds = {} as Record<SitemapKind, number>
    let uploaded = 0
    let skipped = 0
    let deleted = 0
    const progress = options.onProgress ?? (() => {})

    if (!this.store.enabled) {
      for (const kind of SITEMAP_KINDS) {
        counts[kind] = await repository.count(kind)
        maxIds[kind] = await this.#maxId(kind)
        progress({ type: 'kind', kind, urls: counts[kind], chunks: repository.chunksFor(counts[kind]) })
      }
      logger.info({ counts }, 'sitemap regeneration: no SITEMAP_DISK configured, nothing stored (reads render live)')
    } else {
      const existing = new Set(await this.store.list())
      const produced = new Set<string>()

      const publish = async (name: string, body: string | Buffer): Promise<'uploaded' | 'skipped'> => {
        produced.add(name)
        const bytes = typeof body === 'string' ? Buffer.from(body) : body
        // Same size (a stat), then the same bytes (streamed, no second copy): then skipped.
        if (existing.has(name) && (await this.store.matches(name, bytes))) {
          skipped++
          return 'skipped'
        }
        await this.store.put(name, bytes)
        uploaded++
        return 'uploaded'
      }

      const staticAction = await publish('static', renderStaticXml())
      progress({ type: 'object', name: 'static', kind: 'static', urls: 0, action: staticAction })

      const summaries = {} as Record<SitemapKind, ChunkSummary[]>
      // One buffer for the whole run, reused for every chunk of every kind (sized for a typical
      // full chunk, ~10 MB; it grows only for unusually long slugs).
      const builder = new UrlsetBuilder(undefined, 16 << 20)
      for (const kind of SITEMAP_KINDS) {
        const entry = urlsetKindOf(kind)
        const kindSummaries: ChunkSummary[] = []
        let chunk = 0
        let rowsInChunk = 0
        let lastmod = ''
        let total = 0
        let maxId = 0

        const flush = async () => {
          const name = objectName(kind, chunk)
          if (builder.refused) logger.warn({ name, refused: builder.refused }, 'sitemap chunk cut at the 50 MB limit')
          const urls = builder.count
          const action = await publish(name, builder.finishBytes())
          kindSummaries.push({ chunk, count: rowsInChunk, lastmod })
          progress({ type: 'object', name, kind, urls, action })
          chunk++
          rowsInChunk = 0
          lastmod = ''
          builder.reset()
        }

        for await (const page of repository.scanPages(kind)) {
          const { slugs, lastmods } = page
          for (let i = 0; i < page.length; i++) {
            // The chunk's newest lastmod: the max of second-precision values is the newest
            // updated_at cut to the second, which is all the index shows.
            const rowLastmod = lastmods[i]
            builder.addSlug(entry, slugs[i], rowLastmod)
            if (rowLastmod > lastmod) lastmod = rowLastmod
            rowsInChunk++
            total++
            if (rowsInChunk === repository.chunkSize) await flush()
          }
          maxId = page.ids[page.length - 1]
        }
        if (rowsInChunk > 0) await flush()
        summaries[kind] = kindSummaries
        counts[kind] = total
        maxIds[kind] = maxId
        progress({ type: 'kind', kind, urls: total, chunks: kindSummaries.length })
      }

      // Index last: every chunk it names is already published.
      const indexAction = await publish('index', renderIndexXml(summaries))
      progress({ type: 'object', name: 'index', kind: 'index', urls: 0, action: indexAction })

      // Chunks the catalog no longer fills (it shrank) are removed after the new index is up.
      for (const name of existing) {
        if (!produced.has(name) && /^(institutions|courses|documents)-\d+$/.test(name)) {
          await this.store
            .delete(name)
            .catch((error) => logger.warn({ err: error, name }, 'stale sitemap delete failed'))
          deleted++
        }
      }
    }

    const { changes, warnings } = await this.#changes(previous, counts)
    const result: RegenerationResult = {
      durationMs: Math.round(performance.now() - started),
      counts,
      uploaded,
      skipped,
      deleted,
      disk: this.store.diskName,
      changes,
      warnings,
    }
    for (const warning of warnings) logger.warn(warning)
    await SitemapRun.create({
      trigger: options.trigger ?? 'api',
      durationMs: result.durationMs,
      counts,
      maxIds,
      uploaded,
      skipped,
      result,
    })
    logger.info({ ...result }, 'sitemap regeneration finished')
    return result
  }

  async #maxId(kind: SitemapKind): Promise<number> {
    const row = await db.from(kind).where('visibility', 'public').max('id as max_id').first()
    return Number(row?.max_id ?? 0)
  }

  /**
   * URLs added since the last run = public rows with an id above the last run's highest id;
   * removed = what the previous count plus the additions no longer accounts for.
   */
  async #changes(previous: SitemapRun | null, counts: Record<SitemapKind, number>) {
    const warnings: string[] = []
    if (!previous || !previous.counts) return { changes: null, warnings }
    const changes = {} as Record<SitemapKind, KindChange>
    for (const kind of SITEMAP_KINDS) {
      const before = Number(previous.counts[kind] ?? 0)
      const current = counts[kind]
      const previousMax = Number(previous.maxIds?.[kind] ?? 0)
      const row = await db
        .from(kind)
        .where('visibility', 'public')
        .where('id', '>', previousMax)
        .count('* as total')
        .first()
      const added = Number(row?.total ?? 0)
      const removed = Math.max(0, before + added - current)
      changes[kind] = { previous: before, current, added, removed }
      if (before > 0 && current < before * 0.9) {
        const pct = (((before - current) / before) * 100).toFixed(1)
        warnings.push(`${kind} shrank by ${pct}% since the last run (${before} → ${current} URLs)`)
      }
    }
    return { changes, warnings }
  }
}
