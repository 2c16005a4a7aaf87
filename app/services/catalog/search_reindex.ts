import { SEARCH_KINDS, bulkFillStatements, pgWordsFromBulkFill } from '#services/catalog/search_index_sql'

/**
 * PostgreSQL: every catalog row indexed again by the current index statements, filling the word
 * table on the way (its per-row trigger is off meanwhile); for migrations that change the index.
 */
export async function reindexCatalog(db: { rawQuery(sql: string): Promise<unknown> }) {
  for (const kind of SEARCH_KINDS) {
    await db.rawQuery(`alter table ${kind}_search disable trigger ${kind}_search_words`)
    for (const statement of [...bulkFillStatements(true, kind, 0), ...pgWordsFromBulkFill(kind)])
      await db.rawQuery(statement)
    await db.rawQuery(`alter table ${kind}_search enable trigger ${kind}_search_words`)
  }
}
