import { BaseSchema } from '@adonisjs/lucid/schema'

const BATCH = 1000

/**
 * Notes `q` compares NFKC text (app/services/infra/searchable_text.ts): the
 * stored search text of older notes is brought to that form, so a note written with "e" + U+0301
 * is found by "é" and the other way round. ASCII-only rows are already in it and are skipped.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      let lastId = 0
      for (;;) {
        const rows = await db
          .from('structured_notes')
          .where('id', '>', lastId)
          .orderBy('id')
          .limit(BATCH)
          .select('id', 'search_text')
        if (!rows.length) break
        lastId = Number(rows[rows.length - 1].id)
        for (const row of rows) {
          const text = String(row.search_text ?? '')
          if (!/[^ -~\t\n\r]/.test(text)) continue
          const normalized = text.normalize('NFKC').toLowerCase()
          if (normalized !== text) {
            await db.from('structured_notes').where('id', row.id).update({ search_text: normalized })
          }
        }
      }
    })
  }

  async down() {}
}
