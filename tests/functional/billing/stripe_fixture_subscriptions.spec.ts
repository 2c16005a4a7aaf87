import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import BillingWebhookEvent from '#models/billing_webhook_event'
import { createUser } from '#tests/support/users'
import { PRICE_PLUS, PRICE_PRO, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { PROVIDER_STATUSES, sendWebhook, unixNow } from '#tests/support/billing_webhooks'
import {
  fixtureCheckoutSession,
  fixtureEvent,
  fixtureSubscription,
  SHAPES,
  type Shape,
} from '#tests/support/stripe_fixtures'

/**
 * customer.subscription.* and checkout.session.completed built from Stripe's published fixture
 * objects (tests/fixtures/stripe), in the newest shape and the pre-2025 one. The local Stripe
 * server knows none of these subscriptions, so each event's own object decides (the payload
 * fallback of docs/rules/billing.md#webhook-order), and no answer may be a 500.
 */
let n = 0
const ids = (shape: Shape) => {
  n++
  return { subscriptionId: `sub_fx_${shape}_${n}`, customerId: `cus_fx_${shape}_${n}` }
}

/** Posts a signed event and expects the provider's 2xx. */
async function deliver(assert: any, event: any) {
  const response = await sendWebhook(event)
  assert.equal(response.status, 200, `${event.type}: ${JSON.stringify(response.body)}`)
  return response.body
}

test.group('Billing webhooks / Stripe fixture objects: subscriptions and checkout', (group) => {
  withStripeGroup(group, () => {})

  for (const shape of SHAPES) {
    test(`[${shape}] customer.subscription.created activates the plan its price names`, async ({ assert, client }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PLUS, status: 'active' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.created', sub))
      const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'active')
      assert.equal(view.planSlug, 'plus')
      assert.isFalse(view.requiresPaymentAction)
      const row = await subscriptionRow(user.id)
      assert.equal(row.paymentSubscriptionId, refs.subscriptionId)
      assert.equal(row.paymentCustomerId, refs.customerId)
      assert.equal(row.paymentPriceId, PRICE_PLUS)
    })

    for (const [provider, local] of PROVIDER_STATUSES) {
      test(`[${shape}] customer.subscription.updated status ${provider} → ${local}`, async ({ assert }) => {
        const user = await createUser()
        const refs = { ...ids(shape), userId: user.id }
        await subscribeLocally(user, { ...refs, plan: 'pro' })
        const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: provider })
        await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', sub, { previous: { status: 'x' } }))
        const row = await subscriptionRow(user.id)
        assert.equal(row.status, local)
        assert.equal(row.paymentStatus, provider)
        assert.equal(row.isActive, local === 'active')
        assert.equal(row.planSlug, 'pro')
      })
    }

    test(`[${shape}] a cancel scheduled by date (cancel_at) shows as ending`, async ({ assert, client }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      await subscribeLocally(user, { ...refs, plan: 'pro' })
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      sub.cancel_at_period_end = false
      sub.cancel_at = unixNow() + 10 * 86400
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', sub))
      let view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'active')
      assert.isTrue(view.cancelAtPeriodEnd)
      // The fixture's own cancel_at (2009, long past) schedules nothing; cleared, it renews again.
      const renewing = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      renewing.cancel_at_period_end = false
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.updated', renewing))
      view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.isFalse(view.cancelAtPeriodEnd)
    })

    test(`[${shape}] customer.subscription.deleted ends the row`, async ({ assert }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      await subscribeLocally(user, { ...refs, plan: 'pro', pausedUntil: null })
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'canceled' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.deleted', sub))
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, 'canceled')
      assert.isFalse(row.isActive)
      assert.isFalse(row.cancelAtPeriodEnd)
      assert.isNull(row.pauseCollectionResumesAt)
    })

    test(`[${shape}] paused then resumed sets and clears pause_collection_resumes_at`, async ({ assert, client }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      await subscribeLocally(user, { ...refs, plan: 'pro' })
      const resumesAt = unixNow() + 40 * 86400
      const paused = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      paused.pause_collection = { behavior: 'keep_as_draft', resumes_at: resumesAt }
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.paused', paused))
      let view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'active')
      assert.equal(Date.parse(view.pauseCollectionResumesAt) / 1000, resumesAt)
      const resumed = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      resumed.pause_collection = null
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.resumed', resumed))
      view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.isNull(view.pauseCollectionResumesAt)
    })

    test(`[${shape}] trial_will_end on an active subscription changes nothing`, async ({ assert }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      const before = await subscribeLocally(user, { ...refs, plan: 'pro' })
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PLUS, status: 'trialing' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.trial_will_end', sub))
      const row = await subscriptionRow(user.id)
      assert.equal(row.planSlug, 'pro')
      assert.equal(row.paymentStatus, before.paymentStatus)
      assert.equal(row.cancelAtPeriodEnd, before.cancelAtPeriodEnd)
    })

    test(`[${shape}] checkout.session.completed with our metadata activates the plan`, async ({ assert, client }) => {
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      const session = fixtureCheckoutSession(shape, { ...refs, planSlug: 'pro' })
      await deliver(assert, fixtureEvent(shape, 'checkout.session.completed', session))
      const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'active')
      assert.equal(view.planSlug, 'pro')
      await user.refresh()
      assert.equal(user.paymentCustomerId, refs.customerId)
    })

    test(`[${shape}] checkout.session.completed naming only the user, then the subscription's own event`, async ({
      assert,
      client,
    }) => {
      // The user id travels as client_reference_id and metadata.user_id (no plan_slug): the
      // session cannot name a plan, the subscription event that comes with it does.
      const user = await createUser()
      const refs = { ...ids(shape), userId: user.id }
      const created = unixNow()
      const session = fixtureCheckoutSession(shape, refs)
      const checkout = fixtureEvent(shape, 'checkout.session.completed', session, { created })
      await deliver(assert, checkout)
      assert.equal((await BillingWebhookEvent.findByOrFail('event_id', checkout.id)).status, 'processed')
      await user.refresh()
      assert.equal(user.paymentCustomerId, refs.customerId)
      const sub = fixtureSubscription(shape, { ...refs, priceId: PRICE_PRO, status: 'active' })
      await deliver(assert, fixtureEvent(shape, 'customer.subscription.created', sub, { created: created - 1 }))
      const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
      assert.equal(view.status, 'active')
      assert.equal(view.planSlug, 'pro')
    })
  }
})
