import { test } from '@japa/runner'
import { checkedOutUser } from '#tests/support/billing_users'
import { subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { deliverEvents, sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'
import { activePaidPlan } from '#services/billing/entitlements'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Issue 24: the provider's state wins whatever the clocks say. Stripe's `created` is Stripe's
 * clock; the app stamps its reads with its own. An event stamped (by Stripe's clock) before
 * the app's last read still names a subscription whose state may have changed since: it is
 * read, never dropped for its age. Each case: a subscription activated through the real
 * checkout path, a provider-side change, then a signed event of that change whose `created`
 * lies a few minutes before the activation (a provider clock behind the app's, or a change
 * made at Stripe with its event delivered late).
 */
let stripe: StripeTestServer
const SKEW = 240

async function activated(client: any) {
  const { user, sub, events } = await checkedOutUser(client, stripe)
  await deliverEvents(events)
  await user.refresh()
  const activatedAt = unixNow()
  return { user, sub, activatedAt }
}

/** The event of `type` the provider emitted, its `created` put `SKEW` seconds before `before`. */
function backdated(type: string, before: number) {
  const event = stripe.takeEvents().find((e) => e.type === type)
  if (!event) throw new Error(`the provider emitted no ${type}`)
  return { ...event, created: before - SKEW }
}

async function deliverAndView(client: any, user: any, event: any) {
  const reads = stripe.requests.filter((r) => r.method === 'GET').length
  const response = await sendWebhook(event)
  return {
    response,
    read: stripe.requests.filter((r) => r.method === 'GET').length > reads,
    view: (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body(),
    row: await subscriptionRow(user.id),
  }
}

test.group('Billing sync / the provider clock does not decide (issue 24)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('invoice.payment_failed created before activation: past_due, as Stripe holds', async ({ client, assert }) => {
    const { user, sub, activatedAt } = await activated(client)
    assert.equal((await subscriptionRow(user.id)).status, 'active')
    stripe.renew(sub.id, 'failed')
    assert.equal(stripe.subscriptions.get(sub.id).status, 'past_due')
    const { response, read, view, row } = await deliverAndView(
      client,
      user,
      backdated('invoice.payment_failed', activatedAt)
    )
    assert.equal(response.status, 200)
    assert.equal(view.status, 'past_due')
    assert.isTrue(read, 'the provider is read whatever the event says its age is')
    assert.equal(view.statusReason, 'payment_failed')
    assert.isFalse(row.isActive)
    assert.isNull(await activePaidPlan(user.id), 'no paid access while the provider holds past_due')
  }).timeout(30000)

  test('customer.subscription.{type} created before the activation: {status} applies')
    .with([
      { type: 'updated', status: 'past_due', change: (id: string) => stripe.renew(id, 'failed') },
      { type: 'deleted', status: 'canceled', change: (id: string) => stripe.cancel(id) },
    ])
    .run(async ({ client, assert }, row) => {
      const { user, sub, activatedAt } = await activated(client)
      row.change(sub.id)
      const event = backdated(`customer.subscription.${row.type}`, activatedAt)
      const { response, read, view, row: local } = await deliverAndView(client, user, event)
      assert.equal(response.status, 200)
      assert.equal(view.status, row.status)
      assert.isTrue(read)
      assert.isFalse(local.isActive)
      assert.isNull(await activePaidPlan(user.id))
    })
    .timeout(30000)

  test('subscription.paused created before activation: provider paused → expired', async ({ client, assert }) => {
    const { user, sub, activatedAt } = await activated(client)
    const held = stripe.subscriptions.get(sub.id)
    held.status = 'paused' // Stripe pauses a subscription whose trial ended without a payment method
    const event = stripeEvent('customer.subscription.paused', stripe.render(held), { created: activatedAt - SKEW })
    const { response, read, view } = await deliverAndView(client, user, event)
    assert.equal(response.status, 200)
    assert.equal(view.status, 'expired')
    assert.isTrue(read)
    assert.isNull(await activePaidPlan(user.id))
  }).timeout(30000)

  test('a provider clock ahead of the app: a "future" event is applied like any other', async ({ client, assert }) => {
    const { user, sub } = await activated(client)
    stripe.cancel(sub.id)
    const event = {
      ...stripe.takeEvents().find((e) => e.type === 'customer.subscription.deleted')!,
      created: unixNow() + SKEW,
    }
    const { response, read, view } = await deliverAndView(client, user, event)
    assert.equal(response.status, 200)
    assert.equal(view.status, 'canceled')
    assert.isTrue(read)
  }).timeout(30000)
})
