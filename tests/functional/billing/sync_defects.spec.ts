import { test } from '@japa/runner'
import { subscribedUser } from '#tests/support/billing_users'
import { api } from '#tests/support/http'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import { DateTime } from 'luxon'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import UserSubscription from '#models/user_subscription'
import { createUser } from '#tests/support/users'
import {
  PRICE_PLUS,
  PRICE_PRO,
  billingServices,
  sendWebhook,
  stripeEvent,
  subscribeLocally,
  subscriptionRow,
  withStripeGroup,
  unixNow,
} from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Issue 15: the six ways the local row disagreed with Stripe, each replayed against the local
 * Stripe-compatible server, plus the fault rules (provider down during a mutation, a crash
 * between storing and applying an event, events for unknown customers).
 */
let stripe: StripeTestServer
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/** Leaves enough of the current minute for a few calls sharing one idempotency minute. */
async function startOfSafeMinute() {
  const second = new Date().getUTCSeconds()
  if (second > 50) await sleep((61 - second) * 1000)
}

async function deliver(events: any[]) {
  for (const event of events) {
    const response = await sendWebhook(event)
    if (response.status !== 200) throw new Error(`${event.type}: ${response.status} ${JSON.stringify(response.body)}`)
  }
}

/** A user with a Stripe subscription through the real checkout path (events not yet delivered). */
async function checkedOut(client: any, plan: 'pro' | 'plus' = 'pro') {
  const user = await createUser()
  const response = await client
    .post(urlFor('api.subscriptions.checkout'))
    .json({ planSlug: plan, billingInterval: 'month' })
    .withCsrfToken()
    .loginAs(user)
  response.assertStatus(200)
  const sub = stripe.completeCheckout(response.body().session_id)!
  await user.refresh()
  return { user, sub, events: stripe.takeEvents() }
}

test.group('Billing sync / the six defects of issue 15', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('1. an idempotent replay is never applied as fresh state: on, off, on inside a minute follows Stripe', async ({
    client,
    assert,
  }) => {
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
    await deliver(stripe.takeEvents())
    const row = await subscriptionRow(user.id)
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(row.cancelAtPeriodEnd, stripe.subscriptions.get(sub.id).cancel_at_period_end)
  }).timeout(90000)

  test('2. a late checkout.session.completed after customer.subscription.deleted does not resurrect access', async ({
    client,
    assert,
  }) => {
    const { user, sub, events } = await checkedOut(client)
    stripe.cancel(sub.id)
    const deleted = stripe.takeEvents()
    const completed = events.filter((e) => e.type === 'checkout.session.completed')
    await deliver([...events.filter((e) => e.type !== 'checkout.session.completed'), ...deleted])
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
    await deliver(completed)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.isFalse(row.isActive)
  })

  test('3. a mutation response in flight does not override a newer payment_failed webhook (SPEC Events 4)', async ({
    client,
    assert,
  }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_if', { cancelAtPeriodEnd: true })
    stripe.delayNext(1, 1500, (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`)
    const pending = api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: true })
    const mutation = pending.then((r: any) => r)
    while (!stripe.writes(`/v1/subscriptions/${sub.id}`).length) await sleep(10)
    await sleep(1000) // the renewal fails at Stripe a second after the mutation was applied there
    stripe.renew(sub.id, 'failed')
    await deliver(stripe.takeEvents().filter((e) => e.type === 'invoice.payment_failed'))
    assert.equal((await subscriptionRow(user.id)).status, 'past_due', 'webhook applied')
    const response = await mutation
    response.assertStatus(200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.equal(row.statusReason, 'payment_failed')
    assert.equal(response.body().status, 'past_due')
  }).timeout(30000)

  test('4. checkout answers 409 CONFLICT while a paid subscription is live (past_due, ending, paused); /pricing links to /settings/billing', async ({
    client,
    assert,
  }) => {
    const cases = [
      { status: 'past_due' as const },
      { status: 'active' as const, cancelAtPeriodEnd: true },
      { status: 'active' as const, pausedUntil: DateTime.utc().plus({ days: 40 }).startOf('second') },
    ]
    for (const options of cases) {
      const user = await createUser()
      await subscribeLocally(user, options)
      const response = await api(client, user).post(urlFor('api.subscriptions.checkout'), {
        planSlug: 'plus',
        billingInterval: 'month',
      })
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
    const again = await api(client, canceled).post(urlFor('api.subscriptions.checkout'), {
      planSlug: 'pro',
      billingInterval: 'month',
    })
    again.assertStatus(200)
  })

  test('5. an older invoice.payment_failed after a newer payment_succeeded does not lock out a paying user', async ({
    assert,
  }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_old')
    const t = unixNow()
    const start = sub.items.data[0].current_period_end
    const invoice = { object: 'invoice', customer: 'cus_old', subscription: sub.id }
    await deliver([
      stripeEvent(
        'invoice.payment_succeeded',
        { ...invoice, id: 'in_new', lines: { data: [{ period: { start, end: start + 30 * 86400 } }] } },
        { created: t }
      ),
    ])
    await deliver([stripeEvent('invoice.payment_failed', { ...invoice, id: 'in_older' }, { created: t - 10 })])
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.isNull(row.statusReason)
  })

  test('6. activation takes the period end from the provider item, and the plan from its price, never a guessed pro', async ({
    client,
    assert,
  }) => {
    const { user, sub, events } = await checkedOut(client, 'plus')
    await deliver(events.filter((e) => e.type === 'checkout.session.completed'))
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

test.group('Billing sync / faults', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('dropped connections on every try of a mutation: 3 retries with one key, then 500 with a safe message, row unchanged', async ({
    client,
    assert,
  }) => {
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

  test('a crash between storing an event and applying it: the provider retry applies it exactly once', async ({
    client,
    assert,
  }) => {
    const { user, events } = await checkedOut(client)
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

  test('a webhook for an unknown customer or subscription: 200, stored processed, no row created', async ({
    assert,
  }) => {
    const rowsBefore = (await UserSubscription.query()).length
    const events = [
      stripeEvent('customer.subscription.updated', {
        id: 'sub_ghost',
        object: 'subscription',
        customer: 'cus_ghost',
        status: 'active',
        items: { data: [] },
      }),
      stripeEvent('invoice.payment_failed', {
        id: 'in_ghost',
        object: 'invoice',
        customer: 'cus_ghost',
        subscription: 'sub_ghost',
      }),
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

  test('the provider cannot be read (reads failing, or no key configured): the event object applies under the ordering rule', async ({
    assert,
  }) => {
    const user = await createUser()
    const start = unixNow() - 3600
    const object = (overrides: Record<string, any>) => ({
      id: 'sub_unread',
      object: 'subscription',
      customer: 'cus_unread_fx',
      status: 'active',
      cancel_at_period_end: false,
      pause_collection: null,
      metadata: { user_id: String(user.id) },
      items: {
        object: 'list',
        data: [
          {
            id: 'si_unread',
            current_period_start: start,
            current_period_end: start + 30 * 86400,
            price: { id: PRICE_PLUS, unit_amount: 2000, currency: 'usd' },
          },
        ],
      },
      ...overrides,
    })
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
