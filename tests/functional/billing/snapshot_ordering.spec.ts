import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { lockSubscription } from '#services/billing/subscription_store'
import { applySnapshot, type Snapshot } from '#services/billing/subscription_sync'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'

/**
 * CONTRACT 12 ordering inside the one sync path: an older snapshot is refused, a newer one
 * wins, and on a same-second tie the provider is read again under the lock and that read wins
 * (or, when the re-read fails, the snapshot in hand applies).
 */
const stamp = Math.floor(Date.now() / 1000) - 60

function sub(cancelAtPeriodEnd: boolean) {
  const start = stamp - 3600
  return {
    id: 'sub_order',
    customer: 'cus_order',
    status: 'active',
    cancel_at_period_end: cancelAtPeriodEnd,
    pause_collection: null,
    items: { data: [{ current_period_start: start, current_period_end: start + 30 * 86400, price: { id: PRICE_PRO, unit_amount: 1000, currency: 'usd' } }] },
  }
}

async function apply(userId: number, snapshot: Snapshot, reread: (s: Snapshot) => Promise<Snapshot>) {
  return db.transaction(async (trx) => applySnapshot(await lockSubscription(userId, trx), snapshot, trx, reread))
}

test.group('Billing sync / CONTRACT 12 ordering of snapshots', (group) => {
  withStripeGroup(group, () => {})

  test('older refused, newer wins, a tie is settled by a re-read under the lock', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_order', customerId: 'cus_order', paymentUpdatedAt: DateTime.fromSeconds(stamp, { zone: 'utc' }) })
    const refs = { customerId: 'cus_order', subscriptionId: 'sub_order' }
    let rereads = 0
    const reread = async (s: Snapshot): Promise<Snapshot> => {
      rereads++
      return { ...s, sub: sub(true), source: 'read' }
    }

    assert.equal(await apply(user.id, { sub: sub(true), at: stamp - 1, source: 'payload', ...refs }, reread), 'stale')
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)

    assert.equal(await apply(user.id, { sub: sub(false), at: stamp, source: 'payload', ...refs }, reread), 'applied')
    assert.equal(rereads, 1)
    assert.isTrue((await subscriptionRow(user.id)).cancelAtPeriodEnd, 'the re-read wins the tie')

    const failing = async (): Promise<Snapshot> => {
      throw new Error('provider down')
    }
    assert.equal(await apply(user.id, { sub: sub(false), at: stamp, source: 'payload', ...refs }, failing), 'applied')
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd, 'a failed re-read leaves the snapshot in hand')

    assert.equal(await apply(user.id, { sub: sub(true), at: stamp + 5, source: 'read', ...refs }, reread), 'applied')
    assert.equal(rereads, 1, 'a newer snapshot needs no re-read')
    const row = await subscriptionRow(user.id)
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), stamp + 5)
  })
})
