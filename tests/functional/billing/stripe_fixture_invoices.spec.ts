import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import User from '#models/user'
import { BillingSettings } from '#services/billing/billing_settings'
import { createUser } from '#tests/support/users'
import { swapSettings } from '#tests/support/settings'
import { PRICE_PRO, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { sendWebhook, unixNow } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'
import {
  fixture,
  fixtureCheckoutSession,
  fixtureCustomer,
  fixtureEvent,
  fixtureInvoice,
  fixtureSubscription,
  SHAPES,
  type Shape,
} from '#tests/support/stripe_fixtures'

/**
 * invoice.*, customer.deleted, unknown types and fields, expanded fields and the provider modes,
 * with events built from Stripe's published fixture objects (tests/fixtures/stripe) in the newest
 * shape and the pre-2025 one. No answer may be a 500.
 */
let stripe: StripeTestServer
let n = 0
const ids = (shape: Shape) => {
  n++
  return { subscriptionId: `sub_fxi_${shape}_${n}`, customerId: `cus_fxi_${shape}_${n}` }
}

async function deliver(assert: any, event: any) {
  const response = await sendWebhook(event)
  assert.equal(response.status, 200, `${event.type}: ${JSON.stringify(response.body)}`)
  return response.body
}

/** A user on pro whose local row holds the subscription and customer of `shape`'s fresh ids. */
async function subscriber(shape: Shape) {
  const user = await createUser()
  const refs = { ...ids(shape), userId: user.id }
  await subscribeLocally(user, { ...refs, plan: 'pro' })
  return { user, refs }
}

test.group('Billing webhooks / Stripe fixture objects: invoices and the rest', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  for (const shape of SHAPES) {
    for (const type of ['invoice.payment_succeeded', 'invoice.paid']) {
      test(`[${shape}] ${type} renews: active, usage row for the invoiced period`, async ({ assert }) => {
        const { user, refs } = await subscriber(shape)
        const invoice = fixtureInvoice(shape, { ...refs, userId: null })
        const start = unixNow() + 3600
        invoice.lines.data[0].period = { start, end: start + 30 * 86400 }
        await deliver(assert, fixtureEvent(shape, type, invoice))
        const row = await subscriptionRow(user.id)
        assert.equal(row.status, 'active')
        const usage = await SubscriptionUsage.query().where('user_id', user.id)
        assert.lengthOf(usage, 1)
        assert.equal(Math.floor(usage[0].periodStart.toSeconds()), start)
        assert.equal(usage[0].aiCreditsLimit, 100)
      })
    }

    test(`[${shape}] invoice.payment_failed → past_due, generic dunning`, async ({ assert, client }) => {
      const { user, refs } = await subscriber(shape)
      await deliver(assert, fixtureEvent(shape, 'invoice.payment_failed', fixtureInvoice(shape, refs)))
      const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'past_due')
      assert.equal(view.statusReason, 'payment_failed')
      assert.isFalse(view.requiresPaymentAction)
    })

    test(`[${shape}] invoice.payment_action_required → past_due, requiresPaymentAction`, async ({ assert, client }) => {
      const { user, refs } = await subscriber(shape)
      await deliver(assert, fixtureEvent(shape, 'invoice.payment_action_required', fixtureInvoice(shape, refs)))
      const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'past_due')
      assert.equal(view.statusReason, 'payment_action_required')
      assert.isTrue(view.requiresPaymentAction)
      // A later subscription update that is still not active keeps the reason.
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'incomplete' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', sub))
      assert.equal((await subscriptionRow(user.id)).statusReason, 'payment_action_required')
    })

    test(`[${shape}] customer.deleted forgets the customer id`, async ({ assert }) => {
      const { user, refs } = await subscriber(shape)
      await deliver(assert, fixtureEvent(shape, 'customer.deleted', fixtureCustomer(shape, refs.customerId)))
      assert.isNull((await User.findOrFail(user.id)).paymentCustomerId)
    })

    test(`[${shape}] the fixture's own event (plan.created) and unknown fields change nothing`, async ({ assert }) => {
      const { user, refs } = await subscriber(shape)
      const before = (await subscriptionRow(user.id)).serialize()
      const unknown = fixture(shape, 'event')
      assert.deepEqual(await deliver(assert, unknown), { received: true, outcome: 'ignored' })
      const novel = fixtureEvent(shape, 'customer.subscription.frozen', {
        ...fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'canceled' }),
      })
      await deliver(assert, novel)
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      sub.brand_new_field = { nested: [1, null, 'x'] }
      sub.items.data[0].another_new_field = null
      const known = fixtureEvent(shape, 'customer.subscription.updated', sub)
      known.context = 'acct_future'
      known.data.object_extra = true
      await deliver(assert, known)
      const after = (await subscriptionRow(user.id)).serialize()
      for (const key of ['status', 'planSlug', 'paymentSubscriptionId', 'paymentCustomerId', 'isActive'])
        assert.deepEqual(after[key], before[key], key)
      assert.equal((await BillingWebhookEvent.findByOrFail('event_id', unknown.id)).status, 'processed')
    })

    test(`[${shape}] expandable fields delivered expanded work like their ids`, async ({ assert }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      sub.customer = fixtureCustomer(shape, refs.customerId)
      sub.latest_invoice = fixtureInvoice(shape, refs)
      sub.latest_invoice.status = 'paid'
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.created', sub))
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, 'active')
      assert.equal(row.paymentCustomerId, refs.customerId)
      const invoice = fixtureInvoice(shape, refs)
      invoice.customer = fixtureCustomer(shape, refs.customerId)
      const expanded = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'past_due' })
      if (shape === 'current') invoice.parent.subscription_details.subscription = expanded
      else invoice.subscription = expanded
      await deliver(assert, fixtureEvent(shape, 'invoice.payment_failed', invoice))
      assert.equal((await subscriptionRow(user.id)).status, 'past_due')
    })

    test(`[${shape}] with the provider holding the subscription, its state wins`, async ({ assert }) => {
      const user = await createUser()
      const customer = ids(shape).customerId
      const held = stripe.addSubscription({ customer, priceId: PRICE_PRO, status: 'past_due', userId: user.id })
      await subscribeLocally(user, { subscriptionId: held.id, customerId: customer, plan: 'pro' })
      const refs = { subscriptionId: held.id, customerId: customer, userId: user.id }
      await deliver(assert, fixtureEvent(shape, 'invoice.payment_failed', fixtureInvoice(shape, refs)))
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, 'past_due')
      assert.equal(row.paymentSubscriptionId, held.id)
      assert.isAbove(stripe.requests.filter((r) => r.method === 'GET').length, 0)
    })

    test(`[${shape}] a 3-D Secure renewal read back as Stripe answers it keeps requiresPaymentAction`, async ({
      assert,
      client,
    }) => {
      // With expand=latest_invoice.payments Stripe names the payment's intent by id only (expandable,
      // not expanded): its status is unknown, the event says what happened.
      const user = await createUser()
      const customer = ids(shape).customerId
      const held = stripe.addSubscription({ customer, priceId: PRICE_PRO, userId: user.id })
      await subscribeLocally(user, { subscriptionId: held.id, customerId: customer, plan: 'pro' })
      stripe.renew(held.id, 'action_required')
      const payment = stripe.invoice(held.latest_invoice).payments.data[0].payment
      payment.payment_intent = payment.payment_intent.id
      const refs = { subscriptionId: held.id, customerId: customer, userId: user.id }
      const event = fixtureEvent(shape, 'invoice.payment_action_required', fixtureInvoice(shape, refs))
      await deliver(assert, event)
      let view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'past_due')
      assert.isTrue(view.requiresPaymentAction)
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'past_due' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', sub))
      view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.isTrue(view.requiresPaymentAction)
    })

    test(`[${shape}] without any provider settings every handled event answers 200`, async ({ assert, cleanup }) => {
      // A swap inside a grouped test is not undone by tests/bootstrap.ts (it isolates per group).
      cleanup(swapSettings(BillingSettings, { stripeSecretKey: undefined, stripeApiUrl: undefined }))
      const { user, refs } = await subscriber(shape)
      const sub = (status: string) => fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status })
      const created = unixNow()
      const checkout = fixtureCheckoutSession(shape, refs)
      await deliver(assert, fixtureEvent(shape, 'checkout.session.completed', checkout, { created: created - 1 }))
      assert.equal((await subscriptionRow(user.id)).planSlug, 'pro')
      await deliver(assert, fixtureEvent(shape, 'invoice.payment_failed', fixtureInvoice(shape, refs), { created }))
      assert.equal((await subscriptionRow(user.id)).status, 'past_due')
      await deliver(
        assert,
        fixtureEvent(shape, 'customer.subscription.updated', sub('active'), { created: created + 1 })
      )
      assert.equal((await subscriptionRow(user.id)).status, 'active')
      await deliver(
        assert,
        fixtureEvent(shape, 'customer.subscription.deleted', sub('canceled'), { created: created + 2 })
      )
      assert.equal((await subscriptionRow(user.id)).status, 'canceled')
    })
  }
})
