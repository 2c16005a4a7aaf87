import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Text search for `GET /api/notes?q=` (a case-insensitive substring over title, body and
 * reference context, kept lowercased in structured_notes.search_text).
 * - SQLite: an FTS5 trigram index (external content) kept in sync by triggers.
 * - PostgreSQL: a pg_trgm GIN index on search_text, which serves LIKE '%…%'.
 * Both are guarded; when the extension is unavailable the service falls back to LIKE.
 */
export default class extends BaseSchema {
  // Outside a transaction, so a refused CREATE EXTENSION does not abort the migration.
  static disableTransactions = true

  async up() {
    const dialect = this.db.dialect.name
    this.defer(async (db) => {
      if (dialect === 'postgres') {
        try {
          const available = await db.rawQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")
          if (!available.rows?.length) return
          await db.rawQuery('CREATE EXTENSION IF NOT EXISTS pg_trgm')
          await db.rawQuery(
            'CREATE INDEX IF NOT EXISTS structured_notes_search_trgm_index ON structured_notes USING gin (search_text gin_trgm_ops)'
          )
        } catch {
          // pg_trgm not installable: the LIKE fallback still answers (slower).
        }
        return
      }
      if (dialect === 'sqlite3' || dialect === 'better-sqlite3') {
        try {
          await db.rawQuery(
            "CREATE VIRTUAL TABLE IF NOT EXISTS structured_notes_fts USING fts5(search_text, content='structured_notes', content_rowid='id', tokenize='trigram')"
          )
          await db.rawQuery(`CREATE TRIGGER IF NOT EXISTS structured_notes_fts_ai AFTER INSERT ON structured_notes BEGIN
            INSERT INTO structured_notes_fts(rowid, search_text) VALUES (new.id, new.search_text);
          END`)
          await db.rawQuery(`CREATE TRIGGER IF NOT EXISTS structured_notes_fts_ad AFTER DELETE ON structured_notes BEGIN
            INSERT INTO structured_notes_fts(structured_notes_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
          END`)
          await db.rawQuery(`CREATE TRIGGER IF NOT EXISTS structured_notes_fts_au AFTER UPDATE OF search_text ON structured_notes BEGIN
            INSERT INTO structured_notes_fts(structured_notes_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
            INSERT INTO structured_notes_fts(rowid, search_text) VALUES (new.id, new.search_text);
          END`)
        } catch {
          // FTS5 unavailable in this SQLite build: LIKE fallback.
        }
      }
    })
  }

  async down() {
    const dialect = this.db.dialect.name
    this.defer(async (db) => {
      if (dialect === 'postgres') {
        await db.rawQuery('DROP INDEX IF EXISTS structured_notes_search_trgm_index')
      } else {
        await db.rawQuery('DROP TRIGGER IF EXISTS structured_notes_fts_ai')
        await db.rawQuery('DROP TRIGGER IF EXISTS structured_notes_fts_ad')
        await db.rawQuery('DROP TRIGGER IF EXISTS structured_notes_fts_au')
        await db.rawQuery('DROP TABLE IF EXISTS structured_notes_fts')
      }
    })
  }
}
