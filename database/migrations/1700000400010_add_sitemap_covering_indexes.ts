import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Covering indexes for the sitemap scans (issue 5): `WHERE visibility = 'public' AND id > ?
 * ORDER BY id` reads id, slug and updated_at from the index alone (SQLite covering index,
 * PostgreSQL index-only scan), so a full regeneration of ~1.1M URLs never touches the wide
 * catalog rows. Additive and guarded (IF NOT EXISTS works on SQLite and PostgreSQL).
 */
const INDEXES = [
  ['institutions', 'institutions_sitemap_scan_index'],
  ['courses', 'courses_sitemap_scan_index'],
  ['documents', 'documents_sitemap_scan_index'],
] as const

export default class extends BaseSchema {
  async up() {
    for (const [table, name] of INDEXES) {
      this.defer(async (db) => {
        await db.rawQuery(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (visibility, id, slug, updated_at)`)
      })
    }
  }

  async down() {
    for (const [, name] of INDEXES) {
      this.defer(async (db) => {
        await db.rawQuery(`DROP INDEX IF EXISTS ${name}`)
      })
    }
  }
}
