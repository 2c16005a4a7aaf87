import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * SQLite only (guarded, additive): a covering index (user_id, status, updated_at,
 * search_text) so `GET /api/notes?q=` can scan just the caller's notes without touching
 * the table, and an fts5vocab view of the trigram index so the service can tell a
 * globally rare term (FTS5 is fastest) from a common one (the per-user scan is fastest).
 * PostgreSQL keeps the pg_trgm GIN index of 1700000600010.
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    const dialect = this.db.dialect.name
    if (dialect === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery(
        'CREATE INDEX IF NOT EXISTS structured_notes_user_search_index ON structured_notes (user_id, status, updated_at, search_text)'
      )
      try {
        const fts = await db.rawQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'structured_notes_fts'")
        if (Array.isArray(fts) && fts.length) {
          await db.rawQuery("CREATE VIRTUAL TABLE IF NOT EXISTS structured_notes_fts_vocab USING fts5vocab(structured_notes_fts, 'row')")
        }
      } catch {
        // fts5vocab unavailable: the service then always scans per user.
      }
    })
  }

  async down() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery('DROP TABLE IF EXISTS structured_notes_fts_vocab')
      await db.rawQuery('DROP INDEX IF EXISTS structured_notes_user_search_index')
    })
  }
}
