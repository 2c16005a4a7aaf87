import { test } from '@japa/runner'
import { locallySubscribedUser } from '#tests/support/billing_users'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { lockSubscription } from '#services/billing/subscription_writer'
import type { Snapshot } from '#services/billing/subscription_sync'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, billingServices, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'

/**
 * Ordering inside the one sync path (issue 24, docs/rules/billing.md#mutations). Reads and mutation responses
 * are ordered by this server's clock (`provider_read_at`): a newer one wins; an older one is settled by a
 * re-read under the lock (refused when it fails: the stored stamp may come from a clock that ran ahead), a
 * same-second tie too (or, when it fails, the snapshot in hand applies).
 * Event payloads are ordered by Stripe's `created` against `payment_updated_at` only. A stamp of one clock is
 * never compared with the other.
 */
const stamp = Math.floor(Date.now() / 1000) - 60
const at = (seconds: number) => DateTime.fromSeconds(seconds, { zone: 'utc' })

function sub(cancelAtPeriodEnd: boolean) {
  const start = stamp - 3600
  return {
    id: 'sub_order',
    customer: 'cus_order',
    status: 'active',
    cancel_at_period_end: cancelAtPeriodEnd,
    pause_collection: null,
    items: {
      data: [
        {
          current_period_start: start,
          current_period_end: start + 30 * 86400,
          price: { id: PRICE_PRO, unit_amount: 1000, currency: 'usd' },
        },
      ],
    },
  }
}

async function apply(
  userId: number,
  snapshot: Snapshot,
  reread: (s: Snapshot) => Promise<Snapshot> = async () => {
    throw new Error('no re-read expected')
  }
) {
  const { sync } = await billingServices()
  return db.transaction(async (trx) => sync.applySnapshot(await lockSubscription(userId, trx), snapshot, trx, reread))
}

const refs = { customerId: 'cus_order', subscriptionId: 'sub_order' }

test.group('Billing sync / ordering of snapshots, one clock per stamp', (group) => {
  withStripeGroup(group, () => {})

  test('reads: newer wins; a tie or an older one is settled by a re-read under the lock', async ({ assert }) => {
    const user = await locallySubscribedUser({ ...refs, providerReadAt: at(stamp) })
    let rereads = 0
    const reread = async (s: Snapshot): Promise<Snapshot> => {
      rereads++
      return { ...s, sub: sub(true), source: 'read', readAt: stamp }
    }
    const failing = async (): Promise<Snapshot> => {
      throw new Error('provider down')
    }

    assert.equal(
      await apply(user.id, { sub: sub(true), readAt: stamp - 1, source: 'response', ...refs }, failing),
      'stale',
      'an older snapshot is refused when the provider cannot be read again'
    )
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)

    assert.equal(
      await apply(user.id, { sub: sub(false), readAt: stamp, source: 'response', ...refs }, reread),
      'applied'
    )
    assert.equal(rereads, 1)
    assert.isTrue((await subscriptionRow(user.id)).cancelAtPeriodEnd, 'the re-read wins the tie')

    assert.equal(
      await apply(user.id, { sub: sub(false), readAt: stamp, source: 'response', ...refs }, failing),
      'applied'
    )
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd, 'a failed re-read leaves the snapshot in hand')

    assert.equal(
      await apply(user.id, { sub: sub(true), readAt: stamp + 5, source: 'read', ...refs }, reread),
      'applied'
    )
    assert.equal(rereads, 1, 'a newer snapshot needs no re-read')
    const row = await subscriptionRow(user.id)
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(Math.floor(row.providerReadAt!.toSeconds()), stamp + 5)
    assert.isNull(row.paymentUpdatedAt, 'a read with no event moves no Stripe stamp')

    // The stored stamp may come from a clock that ran ahead: what the provider holds now wins.
    const now = async (s: Snapshot): Promise<Snapshot> => ({ ...s, sub: sub(false), source: 'read', readAt: stamp })
    assert.equal(await apply(user.id, { sub: sub(true), readAt: stamp - 30, source: 'read', ...refs }, now), 'applied')
    const after = await subscriptionRow(user.id)
    assert.isFalse(after.cancelAtPeriodEnd, 'the re-read wins over an older stamp')
    assert.equal(Math.floor(after.providerReadAt!.toSeconds()), stamp + 5, 'the stored stamp never goes back')
  })

  test('payloads are ordered by Stripe created only; a read carries it forward', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, refs)
    assert.equal(await apply(user.id, { sub: sub(true), created: stamp, source: 'event', ...refs }), 'applied')
    assert.equal(await apply(user.id, { sub: sub(false), created: stamp - 1, source: 'event', ...refs }), 'stale')
    let row = await subscriptionRow(user.id)
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), stamp)
    assert.isNull(row.providerReadAt, 'a payload is no read')

    // A read for an event created later carries that created; an older read is refused but
    // still records that the row includes its event.
    assert.equal(
      await apply(user.id, { sub: sub(false), readAt: stamp + 10, created: stamp + 3, source: 'read', ...refs }),
      'applied'
    )
    assert.equal(
      await apply(user.id, { sub: sub(true), readAt: stamp + 9, created: stamp + 7, source: 'read', ...refs }),
      'stale'
    )
    row = await subscriptionRow(user.id)
    assert.isFalse(row.cancelAtPeriodEnd)
    assert.equal(Math.floor(row.providerReadAt!.toSeconds()), stamp + 10)
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), stamp + 7)
    assert.equal(await apply(user.id, { sub: sub(true), created: stamp + 6, source: 'event', ...refs }), 'stale')
  })

  test('a local stamp is never compared with a provider stamp (clocks 10 min apart)', async ({ assert }) => {
    // Stripe's clock ten minutes behind: its event stamps look older than our last read.
    const behind = await createUser()
    await subscribeLocally(behind, { ...refs, providerReadAt: at(stamp) })
    assert.equal(await apply(behind.id, { sub: sub(true), created: stamp - 600, source: 'event', ...refs }), 'applied')
    assert.equal(
      await apply(behind.id, { sub: sub(false), readAt: stamp + 1, created: stamp - 590, source: 'read', ...refs }),
      'applied'
    )
    assert.isFalse((await subscriptionRow(behind.id)).cancelAtPeriodEnd)

    // Stripe's clock ten minutes ahead: its stamps look newer than any read of ours.
    const ahead = await createUser()
    await subscribeLocally(ahead, { ...refs, paymentUpdatedAt: at(stamp + 600), providerReadAt: at(stamp) })
    assert.equal(
      await apply(ahead.id, { sub: sub(true), readAt: stamp + 1, created: stamp + 601, source: 'read', ...refs }),
      'applied'
    )
    assert.isTrue((await subscriptionRow(ahead.id)).cancelAtPeriodEnd)
    assert.equal(await apply(ahead.id, { sub: sub(false), readAt: stamp + 2, source: 'response', ...refs }), 'applied')
    assert.isFalse((await subscriptionRow(ahead.id)).cancelAtPeriodEnd)
  })
})
