import { test } from '@japa/runner'
import { invoiceObject, subscriptionObject } from '#tests/support/billing_events'
import { checkedOutUser } from '#tests/support/billing_users'
import { api } from '#tests/support/http'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import UserSubscription from '#models/user_subscription'
import { createUser } from '#tests/support/users'
import {
  PRICE_PLUS,
  PRICE_PRO,
  billingServices,
  subscribeLocally,
  subscriptionRow,
  withStripeGroup,
} from '#tests/support/billing'
import { sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Issue 15, the fault rules: the provider down during a mutation, a crash between storing and
 * applying an event, events for unknown customers, a provider that cannot be read.
 */
let stripe: StripeTestServer

test.group('Billing sync / faults', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('dropped connections on every try: 3 retries, one key, safe 500, row unchanged', async ({ client, assert }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_drop', priceId: PRICE_PRO })
    const before = await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_drop' })
    stripe.failNext(4, { mode: 'close', match: (r) => r.method === 'POST' })
    const response = await api(client, user).post(urlFor('api.subscriptions.pause'))
    response.assertStatus(500)
    assert.notMatch(response.body().message, /socket|ECONN|stripe/i)
    const writes = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.lengthOf(writes, 4)
    assert.equal(new Set(writes.map((w) => w.idempotencyKey)).size, 1)
    const after = await subscriptionRow(user.id)
    assert.isNull(after.pauseCollectionResumesAt)
    assert.equal(after.paymentUpdatedAt?.toSeconds() ?? null, before.paymentUpdatedAt?.toSeconds() ?? null)
  }).timeout(30000)

  test('a crash between storing and applying an event: the retry applies it once', async ({ client, assert }) => {
    const { user, events } = await checkedOutUser(client, stripe)
    const paid = events.find((e) => e.type === 'invoice.payment_succeeded')!
    await (await billingServices()).webhooks.persist(paid) // stored as received, then the process died
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', paid.id)).status, 'received')
    const retries = await Promise.all([sendWebhook(paid), sendWebhook(paid)])
    assert.deepEqual(
      retries.map((r) => r.status),
      [200, 200]
    )
    assert.sameMembers(
      retries.map((r) => r.body.outcome),
      ['processed', 'duplicate']
    )
    assert.lengthOf(await SubscriptionUsage.query().where('user_id', user.id), 1)
    assert.equal((await subscriptionRow(user.id)).status, 'active')
  })

  test('a webhook for an unknown customer or subscription: 200, processed, no row', async ({ assert }) => {
    const rowsBefore = (await UserSubscription.query()).length
    const events = [
      stripeEvent('customer.subscription.updated', {
        id: 'sub_ghost',
        object: 'subscription',
        customer: 'cus_ghost',
        status: 'active',
        items: { data: [] },
      }),
      stripeEvent('invoice.payment_failed', invoiceObject('in_ghost', 'sub_ghost', { customer: 'cus_ghost' })),
      stripeEvent('checkout.session.completed', {
        id: 'cs_ghost',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        customer: 'cus_ghost',
        subscription: 'sub_ghost',
        metadata: { plan_slug: 'pro' },
      }),
    ]
    for (const event of events) {
      const response = await sendWebhook(event)
      assert.equal(response.status, 200, event.type)
      assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'processed')
    }
    assert.lengthOf(await UserSubscription.query(), rowsBefore)
  })

  test('provider unreadable (failing or no key): the event object applies, in order', async ({ assert }) => {
    const user = await createUser()
    const plus = { id: 'si_unread', priceId: PRICE_PLUS, amount: 2000, start: unixNow() - 3600 }
    const object = (overrides: Record<string, any>) =>
      subscriptionObject(
        { id: 'sub_unread', customer: 'cus_unread_fx', metadata: { user_id: String(user.id) }, ...overrides },
        plus
      )
    stripe.failNext(100, { match: (r) => r.method === 'GET' })
    const created = await sendWebhook(
      stripeEvent('customer.subscription.created', object({}), { created: unixNow() - 10 })
    )
    assert.equal(created.status, 200)
    let row = await subscriptionRow(user.id)
    assert.equal(row.planSlug, 'plus')
    assert.equal(row.status, 'active')
    assert.isAbove(stripe.requests.filter((r) => r.method === 'GET').length, 0, 'the provider was asked first')

    const restore = swapSettings(BillingSettings, { stripeSecretKey: undefined, stripeApiUrl: undefined })
    try {
      stripe.reset()
      const ending = await sendWebhook(
        stripeEvent('customer.subscription.updated', object({ cancel_at_period_end: true }), { created: unixNow() - 5 })
      )
      assert.equal(ending.status, 200)
      assert.isTrue((await subscriptionRow(user.id)).cancelAtPeriodEnd)
      const older = await sendWebhook(
        stripeEvent('customer.subscription.updated', object({ cancel_at_period_end: false }), {
          created: unixNow() - 8,
        })
      )
      assert.equal(older.status, 200)
      row = await subscriptionRow(user.id)
      assert.isTrue(row.cancelAtPeriodEnd, 'an older event is refused')
      assert.lengthOf(stripe.requests, 0, 'no key, no provider call')
    } finally {
      restore()
    }
  }).timeout(30000)
})
