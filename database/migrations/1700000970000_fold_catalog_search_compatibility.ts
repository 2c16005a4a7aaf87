import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  SEARCH_KINDS,
  bulkFillStatements,
  pgCreateStatements,
  sqliteCreateStatements,
  sqliteDropStatements,
} from '#services/catalog/search_index_sql'
import { reindexCatalog } from '#services/catalog/search_reindex'

/**
 * Additive: the catalog index folds ligatures and the sharp s ("ﬁnance" → "finance", "Straße" →
 * "strasse", app/services/catalog/search_fold_sql.ts) as the query words always did through
 * NFKC. The index statements are (re)defined and every row is indexed again once.
 */
export default class extends BaseSchema {
  async up() {
    const pg = this.db.dialect.name === 'postgres'
    this.defer(async (db) => {
      if (pg) {
        for (const statement of pgCreateStatements()) await db.rawQuery(statement)
        await reindexCatalog(db)
        return
      }
      for (const statement of sqliteDropStatements().filter((sql) => sql.startsWith('drop trigger')))
        await db.rawQuery(statement)
      for (const statement of sqliteCreateStatements()) await db.rawQuery(statement)
      for (const kind of SEARCH_KINDS) {
        await db.rawQuery(`insert into ${kind}_fts (${kind}_fts) values ('delete-all')`)
        for (const statement of bulkFillStatements(false, kind, 0)) await db.rawQuery(statement)
      }
    })
  }

  /* Nothing to undo: folded words are what the queries ask for; the index goes with 1700000800001's down. */
  async down() {}
}
