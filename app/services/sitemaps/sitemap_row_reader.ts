/*
| The regeneration's row reader (issue 19): keyset pages of (id, slug, updated_at) of the public
| rows of one kind, as columns copied into arrays that every page reuses. On SQLite one
| better-sqlite3 statement per connection is prepared once and returns rows as arrays (a
| pooled connection is held for one page only). PostgreSQL streams each kind through COPY
| instead (sitemap_copy_reader.ts); transactions (tests' global transactions) use the query
| builder. Values are
| converted exactly as before (Number, String, toIsoUtc), so the objects' bytes do not change.
*/
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import pg from 'pg'
import type { SitemapKind } from '#services/sitemaps/constants'
import { toIsoUtc, toLastmod } from '#services/sitemaps/xml'

/** `lastmods[i]` = `toLastmod(toIsoUtc(updated_at))`, the row's <lastmod> (second precision). */
export type RowPage = { length: number; ids: number[]; slugs: string[]; lastmods: string[] }

export type RowReader = { next(afterId: number): Promise<RowPage> }

const SQL_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

/** toLastmod(toIsoUtc(value)), with SQLite's `YYYY-MM-DD HH:MM:SS` (UTC) sliced directly. */
function lastmodOf(value: unknown): string {
  if (typeof value === 'string' && value.length === 19 && SQL_DATETIME.test(value))
    return `${value.slice(0, 10)}T${value.slice(11)}Z`
  return toLastmod(toIsoUtc(value))
}

function fill(page: RowPage, rows: unknown[][]): RowPage {
  page.length = rows.length
  // eslint-disable-next-line @unicorn/no-for-loop -- hot path (bench/sitemaps): no iterator per row
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    page.ids[i] = Number(row[0])
    page.slugs[i] = String(row[1])
    page.lastmods[i] = lastmodOf(row[2])
  }
  return page
}

function fillFromObjects(page: RowPage, rows: { id: unknown; slug: unknown; updated_at: unknown }[]): RowPage {
  page.length = rows.length
  // eslint-disable-next-line @unicorn/no-for-loop -- hot path (bench/sitemaps): no iterator per row
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    page.ids[i] = Number(row.id)
    page.slugs[i] = String(row.slug)
    page.lastmods[i] = lastmodOf(row.updated_at)
  }
  return page
}

/** pg's own parser of timestamptz text (postgres-date), as the driver would apply it. */
const parseTimestamptz = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown
const PG_UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00$/

/**
 * `toLastmod(toIsoUtc(parseTimestamptz(text)))` without a Date per row: for a UTC timestamptz in
 * the ISO DateStyle (what the server sends with TimeZone UTC) the date and time are copied;
 * the fraction never changes the second (postgres-date truncates it to milliseconds).
 * Anything else (another zone, BC, infinity, a year before 1000) goes through pg's parser.
 */
export function pgTimestamptzLastmod(text: string): string {
  if (!PG_UTC_TIMESTAMP.test(text) || text < '1000') return toLastmod(toIsoUtc(parseTimestamptz(text)))
  return `${text.slice(0, 10)}T${text.slice(11, 19)}Z`
}

/** The next `limit` public rows of `kind` after `afterId`, in id order (a keyset page). */
export function keysetRows(
  kind: SitemapKind,
  afterId: number,
  limit: number,
  client: QueryClientContract = db.connection()
) {
  return client
    .from(kind)
    .where('visibility', 'public')
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .select('id', 'slug', 'updated_at') as Promise<{ id: unknown; slug: unknown; updated_at: unknown }[]>
}

/**
 * Two page objects, filled in turn: the caller may read the next page while it still works on
 * the one before (scanPages prefetches one page ahead).
 */
export function openRowReader(kind: SitemapKind, pageSize: number): RowReader {
  const pages: RowPage[] = [0, 1].map(() => ({ length: 0, ids: [], slugs: [], lastmods: [] }))
  let turn = 0
  const nextPage = () => pages[(turn ^= 1)]
  const client = db.connection()
  if (client.isTransaction || client.dialect.name !== 'better-sqlite3') {
    return {
      async next(afterId) {
        return fillFromObjects(nextPage(), await keysetRows(kind, afterId, pageSize, client))
      },
    }
  }

  // A connection is held for one page only, so other queries of a serving app never wait for
  // a whole regeneration (SQLite's pool has a single connection).
  const knexClient = (client.getReadClient() as any).client
  const withConnection = async <T>(work: (connection: any) => T | Promise<T>): Promise<T> => {
    const connection = await knexClient.acquireConnection()
    try {
      return await work(connection)
    } finally {
      await knexClient.releaseConnection(connection)
    }
  }
  const statements = new WeakMap<object, any>()
  const text = `select id, slug, updated_at from ${kind} where visibility = ? and id > ? order by id asc limit ?`
  return {
    next: (afterId) =>
      withConnection((connection) => {
        let statement = statements.get(connection)
        if (!statement) statements.set(connection, (statement = connection.prepare(text).raw(true)))
        return fill(nextPage(), statement.all('public', afterId, pageSize))
      }),
  }
}
