import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * PostgreSQL only (guarded): one GIN index over (user_id, search_text gin_trgm_ops) through
 * btree_gin, so `GET /api/notes?q=` intersects the caller's notes with the trigram matches
 * inside the index. The global pg_trgm index of 1700000600010 matched a common word across
 * every user and then filtered the owner's rows in the heap (38 ms on 1M notes against 6 ms
 * with this one, docs/decisions/notes.md); it is dropped to spare every note write.
 * Without btree_gin the global index stays and still answers.
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    if (this.db.dialect.name !== 'postgres') return
    this.defer(async (db) => {
      try {
        const available = await db.rawQuery(
          "SELECT count(*)::int AS n FROM pg_available_extensions WHERE name IN ('btree_gin', 'pg_trgm')"
        )
        if (Number(available.rows?.[0]?.n) < 2) return
        await db.rawQuery('CREATE EXTENSION IF NOT EXISTS pg_trgm')
        await db.rawQuery('CREATE EXTENSION IF NOT EXISTS btree_gin')
        await db.rawQuery(
          'CREATE INDEX IF NOT EXISTS structured_notes_user_search_trgm_index ON structured_notes USING gin (user_id, search_text gin_trgm_ops)'
        )
        await db.rawQuery('DROP INDEX IF EXISTS structured_notes_search_trgm_index')
      } catch {
        // An extension that cannot be created leaves the global trigram index in place.
      }
    })
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    this.defer(async (db) => {
      try {
        await db.rawQuery(
          'CREATE INDEX IF NOT EXISTS structured_notes_search_trgm_index ON structured_notes USING gin (search_text gin_trgm_ops)'
        )
      } catch {
        // pg_trgm missing: nothing to restore.
      }
      await db.rawQuery('DROP INDEX IF EXISTS structured_notes_user_search_trgm_index')
    })
  }
}
