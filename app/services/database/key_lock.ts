import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Serialises a count-then-insert on one key across every instance: on PostgreSQL a
 * transaction-scoped advisory lock on the key's hash (released at commit or rollback); on
 * SQLite every transaction begins IMMEDIATE (config/database.ts), which already serialises
 * them, across processes too, so nothing is needed.
 */
export async function lockKeyForTransaction(trx: TransactionClientContract, key: string) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('SELECT pg_advisory_xact_lock(hashtext(?))', [key])
  }
}
