import { test } from '@japa/runner'
import { checkedOutUser, startCheckout } from '#tests/support/billing_users'
import { PRICE_PLUS, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { deliverEvents, sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'
import { subscribedUser } from '#tests/support/billing_users'
import { api } from '#tests/support/http'
import { DateTime } from 'luxon'
import { createUser } from '#tests/support/users'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Issue 15: the six ways the local row disagreed with Stripe, each replayed against the local
 * Stripe-compatible server (the fault rules are in sync_faults.spec.ts).
 */
let stripe: StripeTestServer
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/** Leaves enough of the current minute for a few calls sharing one idempotency minute. */
async function startOfSafeMinute() {
  const second = new Date().getUTCSeconds()
  if (second > 50) await sleep((61 - second) * 1000)
}

test.group('Billing sync / the six defects of issue 15', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('1. an idempotent replay is never fresh state: on, off, on follows Stripe', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_rp')
    await startOfSafeMinute()
    const patch = (enabled: boolean) => api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled })
    ;(await patch(true)).assertStatus(200)
    ;(await patch(false)).assertStatus(200)
    await sleep(1100) // the replay lands in a later second than the provider's events
    const third = await patch(true)
    third.assertStatus(200)
    const writes = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.isTrue(writes[2].replayed, 'the third call is a replay at Stripe')
    assert.isTrue(third.body().cancelAtPeriodEnd, 'the view shows what Stripe holds (auto-renew off)')
    await deliverEvents(stripe.takeEvents())
    const row = await subscriptionRow(user.id)
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(row.cancelAtPeriodEnd, stripe.subscriptions.get(sub.id).cancel_at_period_end)
  }).timeout(90000)

  test('2. a late checkout.session.completed after deleted does not restore access', async ({ client, assert }) => {
    const { user, sub, events } = await checkedOutUser(client, stripe)
    stripe.cancel(sub.id)
    const deleted = stripe.takeEvents()
    const completed = events.filter((e) => e.type === 'checkout.session.completed')
    await deliverEvents([...events.filter((e) => e.type !== 'checkout.session.completed'), ...deleted])
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
    await deliverEvents(completed)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.isFalse(row.isActive)
  })

  test('3. a mutation response in flight does not override a newer payment_failed', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_if', { cancelAtPeriodEnd: true })
    stripe.delayNext(1, 1500, (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`)
    const pending = api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: true })
    const mutation = pending.then((r: any) => r)
    while (!stripe.writes(`/v1/subscriptions/${sub.id}`).length) await sleep(10)
    await sleep(1000) // the renewal fails at Stripe a second after the mutation was applied there
    stripe.renew(sub.id, 'failed')
    await deliverEvents(stripe.takeEvents().filter((e) => e.type === 'invoice.payment_failed'))
    assert.equal((await subscriptionRow(user.id)).status, 'past_due', 'webhook applied')
    const response = await mutation
    response.assertStatus(200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.equal(row.statusReason, 'payment_failed')
    assert.equal(response.body().status, 'past_due')
  }).timeout(30000)

  test('4. checkout is 409 while a paid subscription is live; /pricing links billing', async ({ client, assert }) => {
    const cases = [
      { status: 'past_due' as const },
      { status: 'active' as const, cancelAtPeriodEnd: true },
      { status: 'active' as const, pausedUntil: DateTime.utc().plus({ days: 40 }).startOf('second') },
    ]
    for (const options of cases) {
      const user = await createUser()
      await subscribeLocally(user, options)
      const response = await startCheckout(client, user, 'plus')
      response.assertStatus(409)
      assert.equal(response.body().code, 'CONFLICT')
      assert.include(response.body().message, '/settings/billing')
    }
    assert.lengthOf(stripe.writes('/v1/checkout/sessions'), 0)
    const pastDue = await createUser()
    await subscribeLocally(pastDue, { status: 'past_due' })
    const page = await client.get(urlFor('pages.pricing')).header('accept', 'text/html').loginAs(pastDue).redirects(0)
    page.assertStatus(200)
    assert.include(page.text(), '"manage_url":"\\/settings\\/billing"')
    const canceled = await createUser()
    await subscribeLocally(canceled, { status: 'canceled' })
    const again = await startCheckout(client, canceled, 'pro')
    again.assertStatus(200)
  })

  test('5. an older payment_failed after a newer payment_succeeded does not lock out', async ({ assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_old')
    const t = unixNow()
    const start = sub.items.data[0].current_period_end
    const invoice = { object: 'invoice', customer: 'cus_old', subscription: sub.id }
    await deliverEvents([
      stripeEvent(
        'invoice.payment_succeeded',
        { ...invoice, id: 'in_new', lines: { data: [{ period: { start, end: start + 30 * 86400 } }] } },
        { created: t }
      ),
    ])
    await deliverEvents([stripeEvent('invoice.payment_failed', { ...invoice, id: 'in_older' }, { created: t - 10 })])
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.isNull(row.statusReason)
  })

  test('6. activation takes period end and plan from the provider, never a guess', async ({ client, assert }) => {
    const { user, sub, events } = await checkedOutUser(client, stripe, 'plus')
    await deliverEvents(events.filter((e) => e.type === 'checkout.session.completed'))
    const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
    assert.equal(view.status, 'active')
    assert.equal(view.planSlug, 'plus')
    assert.equal(view.currentPeriodEnd, iso(sub.items.data[0].current_period_end))

    // A checkout without plan metadata whose subscription cannot be read: retried, not guessed.
    const other = await createUser()
    const plus = stripe.addSubscription({ customer: 'cus_unread', priceId: PRICE_PLUS })
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_unread',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: String(other.id),
      customer: 'cus_unread',
      subscription: plus.id,
      metadata: {},
    })
    stripe.failNext(8, { match: (r) => r.method === 'GET' })
    const failed = await sendWebhook(event)
    assert.equal(failed.status, 500)
    assert.equal((await subscriptionRow(other.id)).planSlug, 'free')
    stripe.failures = []
    assert.equal((await sendWebhook(event)).status, 200)
    assert.equal((await subscriptionRow(other.id)).planSlug, 'plus')
  }).timeout(30000)
})
