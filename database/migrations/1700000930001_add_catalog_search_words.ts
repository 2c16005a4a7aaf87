import { BaseSchema } from '@adonisjs/lucid/schema'
import { pgCreateStatements, pgWordsCreateStatements, pgWordsDropStatements } from '#services/catalog/search_index_sql'
import { reindexCatalog } from '#services/catalog/search_reindex'

/**
 * Additive, PostgreSQL only (issue 26): the catalog word table that prefix expansion and the
 * typo fallback read (app/services/catalog/catalog_pg_search.ts), and the id-bucket lexeme in
 * every vector. The index triggers are redefined (their vectors gain the bucket), and the rows
 * already indexed are indexed again once, filling the word table on the way.
 */
export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name !== 'postgres') return
    this.defer(async (db) => {
      for (const statement of [...pgWordsCreateStatements(), ...pgCreateStatements()]) await db.rawQuery(statement)
      await reindexCatalog(db)
    })
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    this.defer(async (db) => {
      for (const statement of pgWordsDropStatements()) await db.rawQuery(statement)
    })
  }
}
