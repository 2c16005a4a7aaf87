import db from '@adonisjs/lucid/services/db'
import { canonicalizeEmail, MAX_EMAIL_LENGTH } from '#services/accounts/canonical_email'

export type BackfillCollision = { id: string; email: string; canonical_email: string; conflicts_with: string[] }
export type BackfillTooLong = { id: string; email: string; canonical_email: string }
export type BackfillResult = {
  scanned: number
  updated: number
  collisions: BackfillCollision[]
  /** Legacy rows whose canonical form is longer than the column holds: left NULL. */
  too_long: BackfillTooLong[]
  dry_run: boolean
}

/**
 * docs/rules/accounts.md#signup / docs/rules/operations.md#commands `users:backfill-canonical-email`: fills
 * canonical_email for legacy rows in id-ordered batches (each batch in one transaction). A value that another
 * row already holds, that two legacy rows would share, or that is longer than the column, stays NULL and is
 * reported.
 */
export async function backfillCanonicalEmails(
  options: { dryRun?: boolean; batchSize?: number; onProgress?: (done: number, total: number) => void } = {}
): Promise<BackfillResult> {
  const batchSize = options.batchSize ?? 500
  const totalRow = await db.from('users').whereNull('canonical_email').count('* as total').first()
  const total = Number(totalRow?.total ?? 0)
  const result: BackfillResult = {
    scanned: 0,
    updated: 0,
    collisions: [],
    too_long: [],
    dry_run: Boolean(options.dryRun),
  }

  // Group every legacy row by its canonical value first so that two legacy rows sharing one
  // are both reported (neither wins by id order).
  const pending = new Map<string, { id: number; email: string }[]>()
  let lastId = 0
  for (;;) {
    const rows: { id: number; email: string }[] = await db
      .from('users')
      .whereNull('canonical_email')
      .where('id', '>', lastId)
      .orderBy('id', 'asc')
      .limit(batchSize)
      .select('id', 'email')
    if (rows.length === 0) break
    lastId = rows[rows.length - 1].id
    for (const row of rows) {
      const canonical = canonicalizeEmail(row.email)
      if (canonical.length > MAX_EMAIL_LENGTH) {
        result.too_long.push({ id: String(row.id), email: row.email, canonical_email: canonical })
        result.scanned++
        continue
      }
      pending.set(canonical, [...(pending.get(canonical) ?? []), row])
    }
  }

  const entries = [...pending.entries()]
  for (let i = 0; i < entries.length; i += batchSize) {
    const batch = entries.slice(i, i + batchSize)
    const holders = await db
      .from('users')
      .whereIn(
        'canonical_email',
        batch.map(([c]) => c)
      )
      .select('id', 'canonical_email')
    const held = new Map<string, string[]>()
    for (const h of holders) held.set(h.canonical_email, [...(held.get(h.canonical_email) ?? []), String(h.id)])

    const updates: { id: number; canonical: string }[] = []
    for (const [canonical, rows] of batch) {
      const owners = held.get(canonical) ?? []
      if (owners.length > 0 || rows.length > 1) {
        for (const row of rows) {
          result.collisions.push({
            id: String(row.id),
            email: row.email,
            canonical_email: canonical,
            conflicts_with: [...owners, ...rows.filter((r) => r.id !== row.id).map((r) => String(r.id))],
          })
        }
      } else {
        updates.push({ id: rows[0].id, canonical })
      }
    }
    if (!options.dryRun && updates.length > 0) {
      await db.transaction(async (trx) => {
        for (const u of updates) {
          await trx
            .from('users')
            .where('id', u.id)
            .whereNull('canonical_email')
            .update({ canonical_email: u.canonical })
        }
      })
    }
    result.updated += updates.length
    result.scanned += batch.reduce((n, [, rows]) => n + rows.length, 0)
    options.onProgress?.(result.scanned, total)
  }
  return result
}
