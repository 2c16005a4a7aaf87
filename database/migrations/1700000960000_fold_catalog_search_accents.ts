import { BaseSchema } from '@adonisjs/lucid/schema'
import { pgCreateStatements } from '#services/catalog/search_index_sql'
import { reindexCatalog } from '#services/catalog/search_reindex'

/**
 * Additive, PostgreSQL only: catalog vectors fold Latin diacritics (`catalog_search_fold`,
 * app/services/catalog/search_index_sql.ts) as the SQLite index always did, so "cafe" finds
 * "Café" on both databases. The function and the index triggers are (re)defined, and the rows
 * already indexed are indexed again once, adding their folded words to the word table.
 */
export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name !== 'postgres') return
    this.defer(async (db) => {
      for (const statement of pgCreateStatements()) await db.rawQuery(statement)
      await reindexCatalog(db)
    })
  }

  /* Nothing to undo: the folded vectors match what the earlier triggers would find, and the
     function goes with the index (1700000800001's down). */
  async down() {}
}
