import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import { createUser } from '#tests/support/users'
import { PRICE_PRO, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { sendWebhook, unixNow } from '#tests/support/billing_webhooks'
import {
  fixtureCheckoutSession,
  fixtureEvent,
  fixtureInvoice,
  fixtureSubscription,
  SHAPES,
  type Shape,
} from '#tests/support/stripe_fixtures'

/**
 * A subscription's end, delivered as Stripe's published fixture objects (tests/fixtures/stripe)
 * whose events are stamped by a clock hours away from the app's or arrive out of order. The local
 * Stripe server knows none of these subscriptions, so each event's own object decides (the payload
 * fallback of docs/rules/billing.md#webhook-order). Stripe never revives a canceled subscription,
 * and its `deleted` event always means the subscription has ended.
 */
const HOUR = 3600
let n = 0

async function deliver(assert: any, event: any) {
  const response = await sendWebhook(event)
  assert.equal(response.status, 200, `${event.type}: ${JSON.stringify(response.body)}`)
}

/** A user whose pro subscription was activated by a fixture checkout stamped `created`. */
async function subscriber(assert: any, shape: Shape, created = unixNow()) {
  n++
  const user = await createUser()
  const refs = { subscriptionId: `sub_end_${shape}_${n}`, customerId: `cus_end_${shape}_${n}`, userId: user.id }
  const session = fixtureCheckoutSession(shape, { ...refs, planSlug: 'pro' })
  await deliver(assert, fixtureEvent(shape, 'checkout.session.completed', session, { created }))
  assert.equal((await subscriptionRow(user.id)).status, 'active')
  return { user, refs }
}

/** The fixture subscription with the scheduling placeholders cleared (renews normally). */
function live(shape: Shape, refs: any, status = 'active') {
  const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status })
  sub.cancel_at_period_end = false
  sub.cancel_at = null
  return sub
}

async function view(client: any, user: User) {
  return (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
}

test.group('Billing webhooks / Stripe fixture objects: a subscription ends for good', (group) => {
  withStripeGroup(group, () => {})

  for (const shape of SHAPES) {
    test(`[${shape}] updated stamped 3 h ahead, then deleted stamped now: canceled`, async ({ assert, client }) => {
      const { user, refs } = await subscriber(assert, shape)
      await deliver(
        assert,
        fixtureEvent(shape, 'customer.subscription.updated', live(shape, refs), { created: unixNow() + 3 * HOUR })
      )
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.deleted', live(shape, refs, 'canceled')))
      const body = await view(client, user)
      assert.equal(body.status, 'canceled')
      assert.isFalse((await subscriptionRow(user.id)).isActive)
    })

    test(`[${shape}] deleted, then an updated stamped 2 h later: stays canceled`, async ({ assert, client }) => {
      const { user, refs } = await subscriber(assert, shape)
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.deleted', live(shape, refs, 'canceled')))
      const later = unixNow() + 2 * HOUR
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', live(shape, refs), { created: later }))
      const session = fixtureCheckoutSession(shape, { ...refs, planSlug: 'pro' })
      await deliver(assert, fixtureEvent(shape, 'checkout.session.completed', session, { created: later + 1 }))
      await deliver(assert, fixtureEvent(shape, 'invoice.paid', fixtureInvoice(shape, refs), { created: later + 2 }))
      assert.equal((await view(client, user)).status, 'canceled')
      assert.equal((await subscriptionRow(user.id)).paymentStatus, 'canceled')
    })

    test(`[${shape}] deleted whose object still says active (the fixture's status): canceled`, async ({
      assert,
      client,
    }) => {
      const { user, refs } = await subscriber(assert, shape)
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.deleted', live(shape, refs, 'active')))
      assert.equal((await view(client, user)).status, 'canceled')
    })

    test(`[${shape}] after a cancel, a new subscription activates again; a stale updated does not`, async ({
      assert,
      client,
    }) => {
      const { user, refs } = await subscriber(assert, shape, unixNow() - 5 * HOUR)
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.deleted', live(shape, refs, 'canceled')))
      const next = { ...refs, subscriptionId: `${refs.subscriptionId}_new` }
      const session = fixtureCheckoutSession(shape, { ...next, planSlug: 'pro' })
      await deliver(assert, fixtureEvent(shape, 'checkout.session.completed', session, { created: unixNow() + 10 }))
      assert.equal((await view(client, user)).status, 'active')
      // A stale updated of the new subscription still loses to the newer state (ordering unchanged).
      const stale = live(shape, next, 'past_due')
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', stale, { created: unixNow() - HOUR }))
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, 'active')
      assert.equal(row.paymentSubscriptionId, next.subscriptionId)
    })
  }
})

test.group('Billing webhooks / Stripe fixture objects: a created that is no unix time', (group) => {
  withStripeGroup(group, () => {})

  for (const shape of SHAPES) {
    for (const [label, created] of [
      ['in milliseconds', Date.now()],
      ['past year 9999', 1e20],
    ] as const) {
      test(`[${shape}] an updated stamped ${label}: 200; the next deleted still cancels`, async ({
        assert,
        client,
      }) => {
        const { user, refs } = await subscriber(assert, shape)
        await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', live(shape, refs), { created }))
        assert.equal((await view(client, user)).status, 'active')
        await deliver(assert, fixtureEvent(shape, 'customer.subscription.deleted', live(shape, refs, 'canceled')))
        assert.equal((await view(client, user)).status, 'canceled')
        // A later subscription's events are ordered as before: nothing was stamped in the far future.
        const next = { ...refs, subscriptionId: `${refs.subscriptionId}_next` }
        await deliver(assert, fixtureEvent(shape, 'customer.subscription.created', live(shape, next)))
        assert.equal((await view(client, user)).status, 'active')
      })
    }
  }
})

test.group('Billing webhooks / Stripe fixture objects: a new subscription’s events in any order', (group) => {
  withStripeGroup(group, () => {})

  for (const shape of SHAPES) {
    test(`[${shape}] created (incomplete) delivered last, in the same second: the paid user stays active`, async ({
      assert,
      client,
    }) => {
      n++
      const user = await createUser()
      const refs = { subscriptionId: `sub_new_${shape}_${n}`, customerId: `cus_new_${shape}_${n}`, userId: user.id }
      const t = unixNow()
      // What Stripe sends for one checkout (created incomplete, invoice paid, updated active,
      // checkout completed), all stamped the same second and delivered in another order.
      const session = fixtureCheckoutSession(shape, { ...refs, planSlug: 'pro' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', live(shape, refs), { created: t }))
      await deliver(assert, fixtureEvent(shape, 'checkout.session.completed', session, { created: t }))
      await deliver(assert, fixtureEvent(shape, 'invoice.paid', fixtureInvoice(shape, refs), { created: t }))
      await deliver(
        assert,
        fixtureEvent(shape, 'customer.subscription.created', live(shape, refs, 'incomplete'), { created: t })
      )
      const body = await view(client, user)
      assert.equal(body.status, 'active')
      assert.equal(body.planSlug, 'pro')
    })

    test(`[${shape}] created (incomplete) first still shows past_due until it is paid`, async ({ assert, client }) => {
      n++
      const user = await createUser()
      const refs = { subscriptionId: `sub_new_${shape}_${n}`, customerId: `cus_new_${shape}_${n}`, userId: user.id }
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.created', live(shape, refs, 'incomplete')))
      assert.equal((await view(client, user)).status, 'past_due')
      await deliver(
        assert,
        fixtureEvent(shape, 'customer.subscription.updated', live(shape, refs), { created: unixNow() + 1 })
      )
      assert.equal((await view(client, user)).status, 'active')
    })
  }
})

test.group('Billing webhooks / Stripe fixture objects: a 3-D Secure renewal sends two events', (group) => {
  withStripeGroup(group, () => {})

  for (const shape of SHAPES) {
    for (const order of [
      ['invoice.payment_action_required', 'invoice.payment_failed'],
      ['invoice.payment_failed', 'invoice.payment_action_required'],
    ]) {
      test(`[${shape}] ${order.join(' then ')}, same second: requiresPaymentAction`, async ({ assert, client }) => {
        const { user, refs } = await subscriber(assert, shape, unixNow() - HOUR)
        const invoice = fixtureInvoice(shape, refs)
        invoice.status = 'open'
        invoice.attempt_count = 1
        const t = unixNow()
        for (const type of order) await deliver(assert, fixtureEvent(shape, type, invoice, { created: t }))
        const body = await view(client, user)
        assert.equal(body.status, 'past_due')
        assert.isTrue(body.requiresPaymentAction)
        // Paid at last: active, the reason cleared; a later plain decline is the generic dunning.
        await deliver(assert, fixtureEvent(shape, 'invoice.paid', fixtureInvoice(shape, refs), { created: t + 1 }))
        assert.isFalse((await view(client, user)).requiresPaymentAction)
        await deliver(assert, fixtureEvent(shape, 'invoice.payment_failed', invoice, { created: t + 2 }))
        const declined = await view(client, user)
        assert.equal(declined.status, 'past_due')
        assert.isFalse(declined.requiresPaymentAction)
      })
    }
  }
})
