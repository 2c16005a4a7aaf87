import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The cross-instance version counter: one row (id 1) of `feature_flag_versions`. Every write
 * bumps it atomically in the writer's transaction; each instance compares it with the version
 * its cache was loaded at (at most once per second) and reloads when it moved.
 */
export async function bumpFlagsVersion(trx?: TransactionClientContract | null) {
  const client = trx ?? db
  const updated = await client
    .from('feature_flag_versions')
    .where('id', 1)
    .update({ version: db.raw('version + 1') })
  const count = Array.isArray(updated) ? Number(updated[0] ?? 0) : Number(updated)
  if (!count) {
    // The row was removed by hand: recreate it (a concurrent writer's insert is as good as ours).
    await client.table('feature_flag_versions').insert({ id: 1, version: 1 }).onConflict('id').ignore()
  }
}

export async function readFlagsVersion(): Promise<number> {
  const row = await db.from('feature_flag_versions').where('id', 1).select('version').first()
  return row ? Number(row.version) : 0
}
