import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { randomBytes } from 'node:crypto'
import { slugify } from '#services/catalog/slug'
import catalogPageCache from '#services/catalog/catalog_page_cache'
import { createInserter, suspendIndexes, suspendSearchIndex } from '#services/catalog/seed_writer'
import type { SearchKind } from '#services/catalog/search_index_sql'
import { seededRandom } from '#services/random/seeded_random'
import {
  ACCESS_MIX,
  COURSE_PREFIXES,
  DOCUMENT_KINDS,
  INSTITUTION_PATTERNS,
  PLACES,
  SENTENCE_TEMPLATES,
  SUBJECTS,
} from '#services/catalog/seed_vocabulary'
import {
  DEFAULT_CHUNKED_DOCUMENTS,
  PG_BATCH,
  PG_SUSPEND_MIN_ROWS,
  SQLITE_BATCH,
  type SeedOptions,
  type SeedResult,
} from '#services/catalog/catalog_seed_options'
import {
  CHUNK_SEED_COLUMNS,
  COURSE_SEED_COLUMNS,
  DOCUMENT_SEED_COLUMNS,
  INSTITUTION_SEED_COLUMNS,
  idsAfter,
  maxId,
} from '#services/catalog/seed_tables'

export {
  DEFAULT_CHUNKED_DOCUMENTS,
  type SeedOptions,
  type SeedProgress,
  type SeedResult,
} from '#services/catalog/catalog_seed_options'

/**
 * Seeds generated catalog rows in batches inside ONE transaction (all or nothing), with
 * realistic names, unique slugs (≤ 200 characters: a per-run tag plus the row number in base
 * 36), public visibility and mixed access levels. Only the first `chunkDocuments` documents get
 * text chunks, which keeps a 1,000,000-document run fast (decision in docs/decisions/catalog.md).
 */
export async function seedCatalog(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now()
  const connection = db.connection()
  const pg = connection.dialect.name === 'postgres'
  const batchSize = Math.min(1000, Math.max(1, options.batchSize ?? (pg ? PG_BATCH : SQLITE_BATCH)))
  const random = seededRandom(options.seed ?? Date.now())
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]
  const run = randomBytes(4).readUInt32BE(0).toString(36).slice(0, 5)
  const chunkDocuments = Math.min(options.documents, options.chunkDocuments ?? DEFAULT_CHUNKED_DOCUMENTS)
  const progress = options.onProgress ?? (() => {})

  const format: string = (connection.dialect as any).dateTimeFormat || 'yyyy-MM-dd HH:mm:ss'
  const now = DateTime.now()
  /** Non-decreasing timestamps over the last two years, so created_at follows the id order. */
  const STAMPS = 2000
  const stamps = Array.from({ length: STAMPS }, (_, i) =>
    now.minus({ minutes: Math.round(((STAMPS - i) / STAMPS) * 2 * 365 * 24 * 60) }).toFormat(format)
  )
  const stampAt = (i: number, total: number) =>
    stamps[Math.min(STAMPS - 1, Math.floor((i / Math.max(1, total)) * STAMPS))]

  let chunkCount = 0
  await db.transaction(async (trx) => {
    /*
     * One INSERT in flight while the next batch is generated (PostgreSQL works while Node
     * builds rows). A failure is remembered and rethrown, which rolls the transaction back.
     */
    const insertRows = await createInserter(trx, pg)
    let inflight: Promise<void> = Promise.resolve()
    let failure: unknown = null
    const flush = async (table: string, columns: string[], batch: unknown[][]) => {
      await inflight
      if (failure) throw failure
      inflight = insertRows.insert(table, columns, batch).catch((error) => {
        failure = error
      })
    }
    const drain = async () => {
      await inflight
      if (failure) throw failure
      await insertRows.finish()
    }
    try {
      if (connection.dialect.name === 'better-sqlite3' || connection.dialect.name === 'sqlite3') {
        // A 16 MB page cache is enough once the secondary indexes are built at the end
        // (suspendIndexes); it counts in the process's RSS. Dirty pages beyond it spill to the WAL.
        await trx.rawQuery('PRAGMA cache_size = -16384')
        // The sorts of the index rebuilds after the load may use a second core.
        await trx.rawQuery('PRAGMA threads = 2')
      }
      /* ------------------------------------------------------------ institutions */
      /*
       * Secondary indexes are rebuilt after the load (suspendIndexes). On PostgreSQL dropping them
       * locks the table until the commit (readers wait instead of seeing the old snapshot, as on
       * SQLite), so that is only done for a bulk load, where it saves most of the time.
       */
      const suspend = async (table: SearchKind, rows: number, before: number) => {
        if (rows <= 0 || (pg && rows < (options.pgSuspendMinRows ?? PG_SUSPEND_MIN_ROWS))) return async () => {}
        const restoreIndexes = await suspendIndexes(trx, table, pg)
        const restoreSearch = await suspendSearchIndex(trx, table, pg, before)
        return async () => {
          await restoreIndexes()
          await restoreSearch()
        }
      }
      /** Writes `count` rows of one kind in batches (`rowAt` builds row i); the largest id before. */
      const load = async (kind: SearchKind, columns: string[], count: number, rowAt: (i: number) => unknown[]) => {
        const before = await maxId(trx, kind)
        const restore = await suspend(kind, count, before)
        let rows: unknown[][] = []
        for (let i = 0; i < count; i++) {
          rows.push(rowAt(i))
          if (rows.length === batchSize || i === count - 1) {
            await flush(kind, columns, rows)
            rows = []
            progress({ kind, done: i + 1, total: count })
          }
        }
        await drain()
        await restore()
        return before
      }
      /** The ids this run wrote; without any, the latest public ones (children of an existing catalog). */
      const parentIds = async (kind: SearchKind, before: number, needed: boolean) => {
        const ids = await idsAfter(trx, kind, before)
        if (ids.length || !needed) return ids
        const latest = await trx
          .from(kind)
          .where('visibility', 'public')
          .orderBy('id', 'desc')
          .limit(10_000)
          .select('id')
        return latest.map((r: any) => Number(r.id))
      }

      const institutionsBefore = await load('institutions', INSTITUTION_SEED_COLUMNS, options.institutions, (i) => {
        const [city, country] = pick(PLACES)
        const name = pick(INSTITUTION_PATTERNS)(city)
        const subjects = [pick(SUBJECTS).name, pick(SUBJECTS).name]
        const stamp = stampAt(i, options.institutions)
        return [
          `${slugify(name, 150)}-${run}${i.toString(36)}`,
          name,
          `${name} is a public institution in ${city}, ${country}, known for its programmes in ${subjects[0]} and ${subjects[1]}.`,
          city,
          country,
          'public',
          stamp,
          stamp,
        ]
      })
      const institutionIds = await parentIds('institutions', institutionsBefore, options.courses > 0)

      /* ------------------------------------------------------------ courses */
      const coursesBefore = await load('courses', COURSE_SEED_COLUMNS, options.courses, (i) => {
        const subject = pick(SUBJECTS)
        const prefix = pick(COURSE_PREFIXES)
        const title = prefix ? `${prefix} ${subject.name}` : subject.name
        const level = 100 + Math.floor(random() * 4) * 100 + Math.floor(random() * 60)
        const code = `${subject.code} ${level}`
        const stamp = stampAt(i, options.courses)
        return [
          `${slugify(`${code} ${title}`, 150)}-${run}${i.toString(36)}`,
          code,
          title,
          `${title} covers ${subject.topics.slice(0, 3).join(', ')} and ${subject.topics[3]}, with weekly problem sets and a final exam.`,
          institutionIds.length ? pick(institutionIds) : null,
          null,
          'public',
          stamp,
          stamp,
        ]
      })
      const courseIds = await parentIds('courses', coursesBefore, options.documents > 0)

      /* ------------------------------------------------------------ documents */
      const chunkTopics: [subject: string, topic: string][] = []
      const documentsBefore = await load('documents', DOCUMENT_SEED_COLUMNS, options.documents, (i) => {
        const subject = pick(SUBJECTS)
        const topic = pick(subject.topics)
        const kind = pick(DOCUMENT_KINDS)
        const title = `${subject.name}: ${topic.charAt(0).toUpperCase()}${topic.slice(1)} – ${kind}`
        const access = pick(ACCESS_MIX)
        const stamp = stampAt(i, options.documents)
        const tags = [topic, subject.name.toLowerCase(), pick(subject.topics)]
        if (i < chunkDocuments) chunkTopics.push([subject.name, topic])
        return [
          `${slugify(`${subject.name} ${topic} ${kind}`, 150)}-${run}${i.toString(36)}`,
          title,
          `${kind} on ${topic} for ${subject.name}: definitions, worked examples and the points examiners look for.`,
          `Study ${topic} in ${subject.name} with clear ${kind.toLowerCase()}.`,
          JSON.stringify(tags[0] === tags[2] ? tags.slice(0, 2) : tags),
          access,
          'public',
          courseIds.length ? pick(courseIds) : null,
          1 + Math.floor(random() * 40),
          access === 'paid' ? 199 + Math.floor(random() * 8) * 100 : null,
          access === 'paid' ? 'usd' : null,
          'ready',
          stamp,
          stamp,
        ]
      })

      /* ------------------------------------------------------------ chunks */
      if (chunkDocuments > 0) {
        let rows: unknown[][] = []
        const documentIds = await idsAfter(trx, 'documents', documentsBefore, chunkDocuments)
        const created = now.toFormat(format)
        for (let d = 0; d < documentIds.length; d++) {
          const [subject, topic] = chunkTopics[d] ?? [pick(SUBJECTS).name, 'the main ideas']
          const chunks = 1 + Math.floor(random() * 3)
          for (let c = 0; c < chunks; c++) {
            const sentences: string[] = []
            const count = 3 + Math.floor(random() * 3)
            for (let s = 0; s < count; s++) sentences.push(pick(SENTENCE_TEMPLATES)(topic, subject))
            rows.push([documentIds[d], c, sentences.join(' '), created])
            chunkCount++
          }
          if (rows.length >= batchSize || d === documentIds.length - 1) {
            await flush('document_chunks', CHUNK_SEED_COLUMNS, rows)
            rows = []
            progress({ kind: 'chunks', done: d + 1, total: documentIds.length })
          }
        }
        await drain()
      }
      /*
       * Planner statistics after a bulk load: without them SQLite counts an institution's
       * documents through the visibility index (1.7 s for a page of 20 institutions on 100k
       * documents, 10 ms with them). A bounded sample (analysis_limit) keeps it short.
       */
      if (options.institutions + options.courses + options.documents >= PG_SUSPEND_MIN_ROWS) {
        if (pg)
          await trx.rawQuery(
            'analyze institutions, courses, documents, institutions_search, courses_search, documents_search'
          )
        else {
          await trx.rawQuery('pragma analysis_limit = 1000')
          await trx.rawQuery('analyze')
        }
      }
    } catch (error) {
      // An open COPY must end before the rollback can run on the connection.
      await insertRows.abort()
      throw error
    }
  })

  catalogPageCache.invalidate()
  const durationMs = Math.round(performance.now() - started)
  const total = options.institutions + options.courses + options.documents + chunkCount
  return {
    institutions: options.institutions,
    courses: options.courses,
    documents: options.documents,
    chunks: chunkCount,
    duration_ms: durationMs,
    rows_per_second: Math.round(total / Math.max(0.001, durationMs / 1000)),
  }
}
