import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * SQLite only (guarded): a covering index (user_id, status, updated_at, search_text) so
 * `GET /api/notes?q=` scans just the caller's notes without touching the table. It replaces
 * the global FTS5 trigram index of 1700000600010 for this query (measured 20-40x slower for
 * common terms over 1M notes: docs/decisions/notes.md), so that index and its triggers are
 * dropped to spare every note write. PostgreSQL keeps its pg_trgm GIN index.
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery(
        'CREATE INDEX IF NOT EXISTS structured_notes_user_search_index ON structured_notes (user_id, status, updated_at, search_text)'
      )
      await db.rawQuery('DROP TRIGGER IF EXISTS structured_notes_fts_ai')
      await db.rawQuery('DROP TRIGGER IF EXISTS structured_notes_fts_ad')
      await db.rawQuery('DROP TRIGGER IF EXISTS structured_notes_fts_au')
      await db.rawQuery('DROP TABLE IF EXISTS structured_notes_fts')
    })
  }

  async down() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery('DROP INDEX IF EXISTS structured_notes_user_search_index')
    })
  }
}
