/*
| How catalog:seed writes rows: on PostgreSQL one COPY FROM STDIN stream per table (rows written
| as they are generated, with backpressure); on SQLite one multi-row INSERT per batch. On both,
| the secondary indexes of the table being loaded are built once after the bulk load
| (catalog_seed_service.ts).
*/
import type { Writable } from 'node:stream'
import { from as copyFrom } from 'pg-copy-streams'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { bulkFillStatements, pgWordsFromBulkFill, type SearchKind } from '#services/catalog/search_index_sql'

export type Inserter = {
  insert: (table: string, columns: string[], rows: unknown[][]) => Promise<void>
  /** Ends the table's bulk load (PostgreSQL: completes its COPY); rethrows its failure. */
  finish: () => Promise<void>
  /** Cancels an open bulk load (PostgreSQL: CopyFail) so the connection can roll back. */
  abort: () => Promise<void>
}

/** A value in COPY's text format: \N for null, backslash escapes for \, tab, newline, CR. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  const text = String(value)
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : text
}

/**
 * PostgreSQL: COPY <table> FROM STDIN on the transaction's connection, one stream per table,
 * each batch written as text lines. No statement to plan and no parameters to bind: the rows
 * go to the server as fast as it takes them (the stream's backpressure bounds what is held).
 */
async function createCopyInserter(trx: TransactionClientContract): Promise<Inserter> {
  const connection = await (trx.knexClient as any).client.acquireConnection()
  let stream: Writable | null = null
  let done: Promise<void> = Promise.resolve()
  let current = ''
  const finish = async () => {
    if (!stream) return
    const ending = stream
    stream = null
    current = ''
    ending.end()
    await done
  }
  return {
    finish,
    async abort() {
      if (!stream) return
      const open = stream
      stream = null
      current = ''
      open.destroy(new Error('catalog:seed aborted'))
      await done.catch(() => {})
    },
    async insert(table, columns, rows) {
      if (!rows.length) return
      if (current !== table) {
        await finish()
        const opened: Writable = connection.query(copyFrom(`COPY ${table} (${columns.join(',')}) FROM STDIN`))
        done = new Promise<void>((resolve, reject) => {
          opened.on('finish', resolve)
          opened.on('error', reject)
        })
        done.catch(() => {})
        stream = opened
        current = table
      }
      let text = ''
      for (const row of rows) text += row.map(copyText).join('\t') + '\n'
      if (!stream!.write(text)) {
        await Promise.race([new Promise((resolve) => stream!.once('drain', resolve)), done])
      }
    },
  }
}

/**
 * - PostgreSQL: COPY (createCopyInserter above).
 * - SQLite: a VALUES list of placeholders, prepared ONCE per (table, row count) on the
 *   transaction's better-sqlite3 connection and reused. A statement prepared per batch keeps
 *   its native program (megabytes for 1,000 rows) until V8 happens to collect the small JS
 *   wrapper, which it rarely does: that was 1.9 GB of RSS for a 1M-document seed.
 */
export async function createInserter(trx: TransactionClientContract, pg: boolean): Promise<Inserter> {
  if (pg) return createCopyInserter(trx)
  const connection = await (trx.knexClient as any).client.acquireConnection()
  const statements = new Map<string, { run: (...params: unknown[]) => unknown }>()
  return {
    finish: async () => {},
    abort: async () => {},
    insert: async (table, columns, rows) => {
      if (!rows.length) return
      const key = `${table}:${rows.length}`
      let statement = statements.get(key)
      if (!statement) {
        const tuple = `(${columns.map(() => '?').join(',')})`
        statement = connection.prepare(
          `insert into ${table} (${columns.join(',')}) values ${new Array(rows.length).fill(tuple).join(',')}`
        )
        statements.set(key, statement!)
      }
      statement!.run(rows.flat())
    },
  }
}

/**
 * Drops the secondary indexes of `table` for the bulk load and returns what recreates them.
 * Slugs arrive in random order, so keeping the unique slug index up to date row by row costs
 * random page writes (SQLite: 256 MB of page cache for 1M documents, or 2.5x the time with 16
 * MB; PostgreSQL: most of the load time); one sorted build at the end needs neither. It all
 * happens inside the seeding transaction: other connections keep seeing the indexes, a failure
 * rolls the drop back, and a duplicate slug still fails the whole seed when the unique index
 * is rebuilt. On PostgreSQL a unique constraint is dropped and added back; one that a foreign
 * key depends on stays in place.
 */
export async function suspendIndexes(trx: TransactionClientContract, table: string, pg: boolean) {
  if (pg) return suspendPgIndexes(trx, table)
  const rows = await trx.rawQuery(
    `select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`,
    [table]
  )
  const indexes = (rows as { name: string; sql: string }[]).map((row) => ({ name: row.name, sql: row.sql }))
  for (const index of indexes) await trx.rawQuery(`drop index "${index.name.replace(/"/g, '""')}"`)
  return async () => {
    for (const index of indexes) await trx.rawQuery(index.sql)
  }
}

async function suspendPgIndexes(trx: TransactionClientContract, table: string) {
  const result = await trx.rawQuery(
    `select quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as def,
            quote_ident(c.conname) as constraint_name, pg_get_constraintdef(c.oid) as constraint_def
       from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       left join pg_constraint c on c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('u', 'p', 'x')
      where i.indrelid = ?::regclass and not i.indisprimary
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)`,
    [table]
  )
  const indexes = result.rows as {
    name: string
    def: string
    constraint_name: string | null
    constraint_def: string | null
  }[]
  /*
   * Foreign keys of the table too: each loaded row's key check is a query that locks the
   * parent row (1M of them were a third of the documents' COPY); adding the key back checks
   * every row in one join, and a dangling key still fails the whole seed.
   */
  const keys = (
    await trx.rawQuery(
      `select quote_ident(conname) as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ?::regclass and contype = 'f'`,
      [table]
    )
  ).rows as { name: string; def: string }[]
  for (const key of keys) await trx.rawQuery(`alter table ${table} drop constraint ${key.name}`)
  for (const index of indexes) {
    if (index.constraint_name) await trx.rawQuery(`alter table ${table} drop constraint ${index.constraint_name}`)
    else await trx.rawQuery(`drop index ${index.name}`)
  }
  return async () => {
    // Server memory for the sorts of the rebuild (not this process's).
    await trx.rawQuery(`set local maintenance_work_mem = '256MB'`)
    for (const index of indexes) {
      if (index.constraint_name)
        await trx.rawQuery(`alter table ${table} add constraint ${index.constraint_name} ${index.constraint_def}`)
      else await trx.rawQuery(index.def)
    }
    for (const key of keys) await trx.rawQuery(`alter table ${table} add constraint ${key.name} ${key.def}`)
  }
}

/**
 * The full-text index of `kind` during a bulk load (issue 26): its insert trigger is dropped
 * (SQLite) or disabled (PostgreSQL, together with the GIN index) for the load, and the
 * returned function indexes every row above `afterId` in one statement, then puts the trigger
 * and index back. Inside the seeding transaction, like suspendIndexes.
 */
export async function suspendSearchIndex(
  trx: TransactionClientContract,
  kind: SearchKind,
  pg: boolean,
  afterId: number
) {
  const trigger = pg ? `${kind}_search_ai` : `${kind}_fts_ai`
  if (pg) {
    await trx.rawQuery(`alter table ${kind} disable trigger ${trigger}`)
    // The word table is filled from the distinct texts instead of row by row (pgWordsFromBulkFill).
    await trx.rawQuery(`alter table ${kind}_search disable trigger ${kind}_search_words`)
    const restoreIndexes = await suspendPgIndexes(trx, `${kind}_search`)
    return async () => {
      for (const statement of [...bulkFillStatements(true, kind, afterId), ...pgWordsFromBulkFill(kind)])
        await trx.rawQuery(statement)
      await restoreIndexes()
      await trx.rawQuery(`alter table ${kind}_search enable trigger ${kind}_search_words`)
      await trx.rawQuery(`alter table ${kind} enable trigger ${trigger}`)
    }
  }
  const rows = (await trx.rawQuery(`select sql from sqlite_master where type = 'trigger' and name = ?`, [trigger])) as {
    sql: string
  }[]
  if (!rows.length) return async () => {}
  await trx.rawQuery(`drop trigger ${trigger}`)
  return async () => {
    for (const statement of bulkFillStatements(false, kind, afterId)) await trx.rawQuery(statement)
    await trx.rawQuery(rows[0].sql)
  }
}
