import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  SEARCH_KINDS,
  bulkFillStatements,
  pgCreateStatements,
  pgWordsCreateStatements,
  pgWordsDropStatements,
  pgWordsFromBulkFill,
} from '#services/catalog/search_index_sql'

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
      for (const kind of SEARCH_KINDS) {
        await db.rawQuery(`alter table ${kind}_search disable trigger ${kind}_search_words`)
        for (const statement of [...bulkFillStatements(true, kind, 0), ...pgWordsFromBulkFill(kind)])
          await db.rawQuery(statement)
        await db.rawQuery(`alter table ${kind}_search enable trigger ${kind}_search_words`)
      }
    })
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    this.defer(async (db) => {
      for (const statement of pgWordsDropStatements()) await db.rawQuery(statement)
    })
  }
}
