import { test } from '@japa/runner'
import User from '#models/user'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import DocumentPurchase from '#models/document_purchase'
import Document from '#models/document'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { seedCatalog, startStripe, subscribeLocally, subscriptionRow } from '#tests/support/billing'
import { sendWebhook, stripeEvent } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'

/** Concurrency tests commit for real and clean up their own rows (tests/README conventions). */
test.group('Billing webhooks / concurrent duplicate deliveries (SPEC Events 1)', (group) => {
  let stripe: StripeTestServer
  const users: number[] = []
  const documents: number[] = []
  const events: string[] = []

  group.setup(async () => {
    stripe = await startStripe()
    await seedCatalog()
    return async () => {
      await stripe.stop()
      if (events.length) await BillingWebhookEvent.query().whereIn('event_id', events).delete()
      if (documents.length) await Document.query().whereIn('id', documents).delete()
      if (users.length) await User.query().whereIn('id', users).delete()
    }
  })

  test('10 concurrent deliveries of one renewal: one row, one usage row, applied once', async ({ assert }) => {
    const user = await createUser()
    users.push(user.id)
    await subscribeLocally(user, { subscriptionId: `sub_conc_${user.id}` })
    const start = Math.floor(Date.now() / 1000) + 86400
    const event = stripeEvent('invoice.payment_succeeded', {
      id: `in_conc_${user.id}`,
      object: 'invoice',
      subscription: `sub_conc_${user.id}`,
      lines: { data: [{ period: { start, end: start + 30 * 86400 } }] },
    })
    events.push(event.id)
    const results = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(event)))
    assert.deepEqual([...new Set(results.map((r) => r.status))], [200])
    assert.equal(results.filter((r) => r.body.outcome === 'processed').length, 1)
    const rows = await BillingWebhookEvent.query().where('event_id', event.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].status, 'processed')
    assert.lengthOf(await SubscriptionUsage.query().where('user_id', user.id), 1)
  }).timeout(60000)

  test('concurrent replays of a document purchase create one purchase', async ({ assert }) => {
    const user = await createUser()
    users.push(user.id)
    const document = await createDocument({ accessLevel: 'paid', price: 500, currency: 'usd' })
    documents.push(document.id)
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_conc',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 500,
      currency: 'usd',
      metadata: { user_id: String(user.id), document_id: String(document.id), kind: 'document_purchase' },
    })
    events.push(event.id)
    const results = await Promise.all(Array.from({ length: 8 }, () => sendWebhook(event)))
    assert.deepEqual([...new Set(results.map((r) => r.status))], [200])
    assert.lengthOf(await DocumentPurchase.query().where('user_id', user.id), 1)
  }).timeout(60000)

  test('concurrent distinct events for one user serialize; the newest event wins', async ({ assert }) => {
    const user = await createUser()
    users.push(user.id)
    const subId = `sub_order_${user.id}`
    await subscribeLocally(user, { subscriptionId: subId })
    const base = Math.floor(Date.now() / 1000) - 500
    const statuses = ['past_due', 'active', 'unpaid', 'active', 'canceled']
    const batch = statuses.map((status, i) =>
      stripeEvent(
        'customer.subscription.updated',
        { id: subId, object: 'subscription', customer: 'cus_x', status, cancel_at_period_end: false },
        { created: base + i * 10 }
      )
    )
    events.push(...batch.map((e) => e.id))
    await Promise.all([...batch].reverse().map((e) => sendWebhook(e)))
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
  }).timeout(60000)
})
