import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { invoiceObject } from '#tests/support/billing_events'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import { createUser } from '#tests/support/users'
import { subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'

/**
 * The payload fallback (docs/rules/billing.md#mutations): when the provider cannot be read, an invoice event
 * stands for the status it implies. It never revives a canceled or expired row, whether it says paid or failed
 * (the event may belong to a subscription that has ended since).
 */

async function withoutProvider<T>(run: () => Promise<T>): Promise<T> {
  const restore = swapSettings(BillingSettings, { stripeSecretKey: undefined, stripeApiUrl: undefined })
  try {
    return await run()
  } finally {
    restore()
  }
}

test.group('Billing sync / an invoice the provider cannot show', (group) => {
  withStripeGroup(group, () => {})

  for (const type of ['invoice.payment_failed', 'invoice.payment_succeeded', 'invoice.payment_action_required']) {
    for (const status of ['canceled', 'expired'] as const) {
      test(`${type} never revives a ${status} row`, async ({ assert }) => {
        const user = await createUser()
        await subscribeLocally(user, { subscriptionId: `sub_dead_${user.id}`, status })
        const start = unixNow() - 60
        const invoice = invoiceObject(`in_dead_${user.id}`, `sub_dead_${user.id}`, {
          customer: user.paymentCustomerId,
          lines: { data: [{ period: { start, end: start + 30 * 86400 } }] },
        })
        const response = await withoutProvider(() => sendWebhook(stripeEvent(type, invoice)))
        assert.equal(response.status, 200)
        const row = await subscriptionRow(user.id)
        assert.equal(row.status, status)
        assert.isFalse(row.isActive)
      })
    }
  }

  test('the same invoice on a live row applies the status it implies', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: `sub_live_${user.id}` })
    const invoice = invoiceObject(`in_live_${user.id}`, `sub_live_${user.id}`, { customer: user.paymentCustomerId })
    const response = await withoutProvider(() => sendWebhook(stripeEvent('invoice.payment_failed', invoice)))
    assert.equal(response.status, 200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.equal(row.statusReason, 'payment_failed')
  })

  test('an event stamped hours after it was sent does not hold back the events after it', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: `sub_clock_${user.id}` })
    const invoice = (id: string) =>
      invoiceObject(`${id}_${user.id}`, `sub_clock_${user.id}`, { customer: user.paymentCustomerId })
    const now = unixNow()
    for (const [type, created, sentAt, status] of [
      ['invoice.payment_failed', now + 5 * 3600, now, 'past_due'],
      ['invoice.payment_succeeded', now + 1, now + 1, 'active'],
      ['invoice.payment_failed', 32503680000 /* year 3000 */, now + 3, 'past_due'],
      ['invoice.payment_succeeded', now + 4, now + 4, 'active'],
    ] as const) {
      const event = stripeEvent(type, invoice(`in_${created}`), { created })
      const response = await withoutProvider(() => sendWebhook(event, { timestamp: sentAt }))
      assert.equal(response.status, 200)
      assert.equal((await subscriptionRow(user.id)).status, status, `${type} created ${created}`)
    }
    const stored = await db.from('billing_webhook_events').where('event_id', 'like', 'evt_%').max('event_created as at')
    assert.isBelow(new Date(stored[0].at).getTime(), Date.now() + 3600_000)
  })
})
