import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { affectedRows } from '#services/database/affected_rows'

/**
 * A lease on a key, held by one process across every instance, in the `locks` table through
 * Lucid (so on the app's own connection, unlike @adonisjs/lock's database store: a test's
 * global transaction sees it, and it is PostgreSQL's even when the lock store is Redis). It
 * expires after `ttlMs` unless extended, so a holder that dies frees the key by itself.
 */
export class RowLease {
  readonly owner = randomUUID()

  constructor(
    readonly key: string,
    protected ttlMs: number,
    protected now: () => number = Date.now
  ) {}

  /** Takes the key when it is free or its lease expired; false when another holder has it. */
  async acquire(): Promise<boolean> {
    const expiration = this.now() + this.ttlMs
    await db.table('locks').insert({ key: this.key, owner: this.owner, expiration }).onConflict('key').ignore()
    await db
      .from('locks')
      .where('key', this.key)
      .where('expiration', '<', this.now())
      .update({ owner: this.owner, expiration })
    const row = await db.from('locks').where('key', this.key).select('owner').first()
    return row?.owner === this.owner
  }

  /** Pushes the expiry on; false when the lease is no longer ours (it expired and was taken). */
  async extend(): Promise<boolean> {
    const updated = await db
      .from('locks')
      .where('key', this.key)
      .where('owner', this.owner)
      .update({ expiration: this.now() + this.ttlMs })
    return affectedRows(updated) === 1
  }

  async release() {
    await db.from('locks').where('key', this.key).where('owner', this.owner).delete()
  }
}
