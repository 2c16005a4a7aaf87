/*
| How catalog:seed writes rows: one multi-row INSERT per batch, and on SQLite the secondary
| indexes built once after the bulk load (catalog_seed_service.ts).
*/
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** PostgreSQL column types of the generated rows (for the JSON-array insert below). */
const PG_TYPES: Record<string, Record<string, string>> = {
  institutions: { slug: 'text', name: 'text', description: 'text', city: 'text', country: 'text', visibility: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
  courses: { slug: 'text', code: 'text', title: 'text', description: 'text', institution_id: 'int', owner_id: 'int', visibility: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
  documents: {
    slug: 'text', title: 'text', description: 'text', seo_content: 'text', topic_tags: 'text', access_level: 'text', visibility: 'text',
    course_id: 'int', page_count: 'int', price: 'int', currency: 'text', ingest_status: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
  },
  document_chunks: { document_id: 'int', chunk_index: 'int', content: 'text', created_at: 'timestamptz' },
}

export type Inserter = (table: string, columns: string[], rows: unknown[][]) => Promise<void>

/**
 * One multi-row INSERT per batch (one round trip).
 * - SQLite: a VALUES list of placeholders, prepared ONCE per (table, row count) on the
 *   transaction's better-sqlite3 connection and reused. A statement prepared per batch keeps
 *   its native program (megabytes for 1,000 rows) until V8 happens to collect the small JS
 *   wrapper, which it rarely does: that was 1.9 GB of RSS for a 1M-document seed.
 * - PostgreSQL: the whole batch as ONE jsonb parameter expanded with jsonb_array_elements
 *   (parsed once per batch), which avoids planning a statement with thousands of parameters.
 */
export async function createInserter(trx: TransactionClientContract, pg: boolean): Promise<Inserter> {
  if (pg) {
    return async (table, columns, rows) => {
      if (!rows.length) return
      const types = PG_TYPES[table]
      const select = columns.map((column, i) => `(e->>${i})::${types[column]}`).join(',')
      await trx.rawQuery(`insert into ${table} (${columns.join(',')}) select ${select} from jsonb_array_elements(?::jsonb) as e`, [
        JSON.stringify(rows),
      ])
    }
  }
  const connection = await (trx.knexClient as any).client.acquireConnection()
  const statements = new Map<string, { run: (...params: unknown[]) => unknown }>()
  return async (table, columns, rows) => {
    if (!rows.length) return
    const key = `${table}:${rows.length}`
    let statement = statements.get(key)
    if (!statement) {
      const tuple = `(${columns.map(() => '?').join(',')})`
      statement = connection.prepare(`insert into ${table} (${columns.join(',')}) values ${new Array(rows.length).fill(tuple).join(',')}`)
      statements.set(key, statement!)
    }
    statement!.run(rows.flat())
  }
}

/**
 * SQLite: drops the secondary indexes of `table` for the bulk load and returns what recreates
 * them. Slugs arrive in random order, so keeping the unique slug index up to date row by row
 * needs the whole index in the page cache (256 MB of RSS for 1M documents, or 2.5x the time
 * with 16 MB); one sorted build at the end needs neither. It all happens inside the seeding
 * transaction: other connections keep seeing the indexes, a failure rolls the drop back, and
 * a duplicate slug still fails the whole seed when the unique index is rebuilt.
 */
export async function suspendIndexes(trx: TransactionClientContract, table: string) {
  const rows = await trx.rawQuery(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`, [table])
  const indexes = (rows as { name: string; sql: string }[]).map((row) => ({ name: row.name, sql: row.sql }))
  for (const index of indexes) await trx.rawQuery(`drop index "${index.name.replace(/"/g, '""')}"`)
  return async () => {
    for (const index of indexes) await trx.rawQuery(index.sql)
  }
}
