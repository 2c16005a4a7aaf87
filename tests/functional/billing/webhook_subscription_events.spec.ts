import { test } from '@japa/runner'
import { locallySubscribedUser } from '#tests/support/billing_users'
import { subscriptionObject, sendSubscriptionEvent } from '#tests/support/billing_events'
import { api } from '#tests/support/http'
import { DateTime } from 'luxon'
import BillingWebhookEvent from '#models/billing_webhook_event'
import { activePaidPlan } from '#services/billing/entitlements'
import { createUser } from '#tests/support/users'
import { PRICE_PLUS, PRICE_PRO, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

let stripe: StripeTestServer

test.group('Billing webhooks / subscription events, ordering and provider reads (SPEC D)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('customer.subscription.updated syncs plan, cancel_at_period_end, period end', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_sync', plan: 'pro' })
    const end = unixNow() + 10 * 86400
    const obj = subscriptionObject(
      { id: 'sub_sync', cancel_at_period_end: true },
      { id: 'si', priceId: PRICE_PLUS, amount: 2000, start: unixNow() - 86400, end }
    )
    await sendWebhook(stripeEvent('customer.subscription.updated', obj))
    const row = await subscriptionRow(user.id)
    assert.equal(row.planSlug, 'plus')
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(Math.floor(row.currentPeriodEnd!.toSeconds()), end)
  })

  test('active ending → updated (auto-renew on again) → cancel_at_period_end false', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_end', cancelAtPeriodEnd: true })
    await sendSubscriptionEvent('updated', { id: 'sub_end', cancel_at_period_end: false })
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
  })

  test('any → customer.subscription.deleted → canceled, is_active false, plan access ends', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_del', plan: 'plus' })
    await sendSubscriptionEvent('deleted', { id: 'sub_del', status: 'canceled' })
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.isFalse(row.isActive)
    assert.isNull(await activePaidPlan(user.id))
  })

  test('customer.subscription.paused sets pause_collection_resumes_at; resumed clears it', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_pz' })
    const resumesAt = unixNow() + 40 * 86400
    const t = unixNow() - 50
    await sendSubscriptionEvent(
      'paused',
      { id: 'sub_pz', status: 'active', pause_collection: { behavior: 'keep_as_draft', resumes_at: resumesAt } },
      { created: t }
    )
    let row = await subscriptionRow(user.id)
    assert.equal(Math.floor(row.pauseCollectionResumesAt!.toSeconds()), resumesAt)
    assert.equal(row.status, 'active')
    await sendSubscriptionEvent(
      'resumed',
      { id: 'sub_pz', status: 'active', pause_collection: null },
      { created: t + 5 }
    )
    row = await subscriptionRow(user.id)
    assert.isNull(row.pauseCollectionResumesAt)
  })

  test('a provider status `paused` still maps to expired (CONTRACT 12)', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_pst' })
    await sendSubscriptionEvent('paused', { id: 'sub_pst', status: 'paused', pause_collection: null })
    assert.equal((await subscriptionRow(user.id)).status, 'expired')
  })

  test('new checkout (incomplete) → incomplete_expired → expired', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_inc', status: 'past_due' })
    await sendSubscriptionEvent('updated', { id: 'sub_inc', status: 'incomplete_expired' })
    assert.equal((await subscriptionRow(user.id)).status, 'expired')
  })

  test('trial_will_end goes to the updated handler; no-op for active subscriptions', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_tr', cancelAtPeriodEnd: false })
    await sendSubscriptionEvent('trial_will_end', { id: 'sub_tr', status: 'trialing', cancel_at_period_end: true })
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
    const other = await createUser()
    await subscribeLocally(other, { subscriptionId: 'sub_tr2', status: 'past_due' })
    await sendSubscriptionEvent('trial_will_end', { id: 'sub_tr2', status: 'trialing' })
    assert.equal((await subscriptionRow(other.id)).status, 'active')
  })

  test('CONTRACT 12 ordering: an older event never overwrites newer state (out of order)', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_ooo' })
    const t = unixNow() - 100
    await sendSubscriptionEvent('updated', { id: 'sub_ooo', status: 'canceled' }, { created: t + 20 })
    await sendSubscriptionEvent('updated', { id: 'sub_ooo', status: 'active' }, { created: t })
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), t + 20)
  })

  test("every event re-reads the provider: Stripe's past_due wins over the object", async ({ assert }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ id: 'sub_tie', customer: 'cus_tie', priceId: PRICE_PRO, status: 'past_due' })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_tie' })
    const t = unixNow() - 30
    await sendSubscriptionEvent('updated', { id: 'sub_tie', customer: 'cus_tie', status: 'active' }, { created: t })
    assert.isDefined(
      stripe.requests.find(
        (r) => r.method === 'GET' && r.path === '/v1/subscriptions' && r.query.customer === 'cus_tie'
      )
    )
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.isAtLeast(
      Math.floor(row.providerReadAt!.toSeconds()),
      unixNow() - 2,
      'the read is stamped with this server clock'
    )
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), t, 'the Stripe stamp is the event created')
    // An event older than the applied read is read too (issue 24): its age decides nothing.
    stripe.subscriptions.get('sub_tie')!.status = 'active'
    const calls = stripe.requests.length
    await sendSubscriptionEvent(
      'updated',
      { id: 'sub_tie', customer: 'cus_tie', status: 'past_due' },
      { created: t - 5 }
    )
    assert.isAbove(stripe.requests.length, calls)
    assert.equal((await subscriptionRow(user.id)).status, 'active')
  })

  test('a webhook older than a mutation response applies what Stripe holds', async ({ assert, client }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ id: 'sub_race', customer: 'cus_race', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_race' })
    const off = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
    off.assertStatus(200)
    const row = await subscriptionRow(user.id)
    assert.isNotNull(row.providerReadAt, 'the mutation response is stamped with this server clock')
    await sendWebhook(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_race', customer: 'cus_race', cancel_at_period_end: false }),
        { created: unixNow() - 120 }
      )
    )
    assert.isTrue((await subscriptionRow(user.id)).cancelAtPeriodEnd)
    // The customer turns renewal back on in the portal: Stripe changes, then its event arrives.
    Object.assign(stripe.subscriptions.get('sub_race')!, { cancel_at_period_end: false, cancel_at: null })
    await sendSubscriptionEvent('updated', { id: 'sub_race', customer: 'cus_race', cancel_at_period_end: false })
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
  })

  test('events of an older subscription do not touch the active one', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_current', customerId: 'cus_same' })
    await sendWebhook(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: 'sub_old',
          customer: 'cus_same',
          status: 'canceled',
          metadata: { user_id: String(user.id) },
        })
      )
    )
    assert.equal((await subscriptionRow(user.id)).status, 'active')
  })

  test('the unique event_id keeps one row per event', async ({ assert }) => {
    const event = stripeEvent('charge.refunded', {})
    await sendWebhook(event)
    await sendWebhook(event)
    assert.equal((await BillingWebhookEvent.query().where('event_id', event.id)).length, 1)
    void DateTime
  })
})
