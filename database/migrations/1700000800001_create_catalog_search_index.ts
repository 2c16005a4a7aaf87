import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  SEARCH_KINDS,
  bulkFillStatements,
  pgCreateStatements,
  pgDropStatements,
  sqliteCreateStatements,
  sqliteDropStatements,
} from '#services/catalog/search_index_sql'

/**
 * Additive: the catalog full-text index (issue 26, app/services/catalog/search_index_sql.ts).
 * SQLite gets contentless FTS5 tables, PostgreSQL tables of weighted tsvectors with a GIN
 * index; triggers keep both current. Rows already there are indexed once here.
 */
export default class extends BaseSchema {
  async up() {
    const pg = this.db.dialect.name === 'postgres'
    this.defer(async (db) => {
      for (const statement of pg ? pgCreateStatements() : sqliteCreateStatements()) await db.rawQuery(statement)
      for (const kind of SEARCH_KINDS) {
        for (const statement of bulkFillStatements(pg, kind, 0)) await db.rawQuery(statement)
      }
    })
  }

  async down() {
    const pg = this.db.dialect.name === 'postgres'
    this.defer(async (db) => {
      for (const statement of pg ? pgDropStatements() : sqliteDropStatements()) await db.rawQuery(statement)
    })
  }
}
