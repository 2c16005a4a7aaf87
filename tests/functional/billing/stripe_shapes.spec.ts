import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import BillingWebhookEvent from '#models/billing_webhook_event'
import { activePaidPlan } from '#services/billing/entitlements'
import { PRICE_PRO, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { locallySubscribedUser } from '#tests/support/billing_users'
import { createUser } from '#tests/support/users'
import User from '#models/user'
import { sendWebhook, unixNow, WEBHOOK_SECRET } from '#tests/support/billing_webhooks'
import { testServerUrl } from '#tests/support/test_run'
import type { StripeTestServer } from '#tests/support/stripe_server'
import Stripe from 'stripe'

/**
 * Audit of the webhook with events in the shape Stripe's API reference documents (example
 * objects trimmed to the fields that matter), not the local simulator's own emitters: a read
 * stamp from a clock that ran ahead, subscriptions with several items or a price we do not
 * know, and hostile wire input. Each case: never a 500 Stripe would retry forever, and access
 * converges to what Stripe holds.
 */
let stripe: StripeTestServer
const signer = new Stripe('sk_test_signer')

/** A subscription as Stripe's API reference shows it (2025+ versions: the period on the item). */
function documentedSubscription(id: string, customer: string, status: string, prices: string[]) {
  const start = unixNow() - 86400
  return {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: status === 'canceled' ? unixNow() : null,
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    customer,
    default_payment_method: null,
    ended_at: status === 'canceled' ? unixNow() : null,
    items: {
      object: 'list',
      data: prices.map((price, i) => ({
        id: `si_${id}_${i}`,
        object: 'subscription_item',
        created: start,
        current_period_end: start + 30 * 86400,
        current_period_start: start,
        metadata: {},
        price: {
          id: price,
          object: 'price',
          active: true,
          currency: 'usd',
          product: `prod_${price}`,
          recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
          type: 'recurring',
          unit_amount: 1000,
        },
        quantity: 1,
        subscription: id,
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: {},
    pause_collection: null,
    start_date: start,
    status,
  }
}

function documentedEvent(type: string, object: any, created = unixNow()) {
  return {
    id: `evt_${Math.random().toString(36).slice(2, 16)}`,
    object: 'event',
    api_version: '2024-06-20',
    created,
    data: { object, previous_attributes: {} },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
}

/** Puts `sub` on the local Stripe server as the provider's current state. */
function holdAtProvider(sub: any) {
  stripe.subscriptions.set(sub.id, { ...JSON.parse(JSON.stringify(sub)), seq: stripe.subscriptions.size })
}

function sign(payload: string, timestamp?: number) {
  return signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp })
}

async function postRaw(body: string, signature: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' }
  if (signature !== null) headers['Stripe-Signature'] = signature
  const response = await fetch(`${testServerUrl()}/api/billing/payment/webhook`, { method: 'POST', headers, body })
  return { status: response.status, text: await response.text() }
}

test.group('Billing audit / Stripe-documented shapes and clocks', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('a read stamp from a clock that ran ahead (another instance, a clock set back) does not block a cancel', async ({
    assert,
  }) => {
    const ahead = DateTime.utc().plus({ hours: 1 }).startOf('second')
    const user = await locallySubscribedUser({
      subscriptionId: 'sub_clk',
      customerId: 'cus_clk',
      providerReadAt: ahead,
    })
    const canceled = documentedSubscription('sub_clk', 'cus_clk', 'canceled', [PRICE_PRO])
    holdAtProvider(canceled)
    const response = await sendWebhook(documentedEvent('customer.subscription.deleted', canceled))
    assert.equal(response.status, 200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.isNull(await activePaidPlan(user.id))
    assert.equal(row.providerReadAt!.toSeconds(), ahead.toSeconds(), 'the stored stamp never goes back')
  })

  test('deleted, {label}: 200, canceled, paid access ends')
    .with([
      { label: 'an unknown add-on item before the plan', prices: ['price_addon_unknown', PRICE_PRO] },
      { label: 'only a price we do not know', prices: ['price_legacy_unknown'] },
    ])
    .run(async ({ assert }, { prices }) => {
      const user = await locallySubscribedUser({ subscriptionId: 'sub_unk', customerId: 'cus_unk', plan: 'plus' })
      const canceled = documentedSubscription('sub_unk', 'cus_unk', 'canceled', prices)
      holdAtProvider(canceled)
      const response = await sendWebhook(documentedEvent('customer.subscription.deleted', canceled))
      assert.equal(response.status, 200)
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, 'canceled')
      assert.isFalse(row.isActive)
      assert.isNull(await activePaidPlan(user.id))
    })

  test('updated, an unknown add-on item before the plan: 200, the plan of the known item', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_add', customerId: 'cus_add', plan: 'plus' })
    const active = documentedSubscription('sub_add', 'cus_add', 'active', ['price_addon_unknown', PRICE_PRO])
    holdAtProvider(active)
    const response = await sendWebhook(documentedEvent('customer.subscription.updated', active))
    assert.equal(response.status, 200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.equal(row.planSlug, 'pro')
    assert.equal(row.paymentPriceId, PRICE_PRO)
  })

  test('updated, active on only an unknown price: 500 (retried after billing:set-price), row unchanged', async ({
    assert,
  }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_new', customerId: 'cus_new', plan: 'pro' })
    const active = documentedSubscription('sub_new', 'cus_new', 'active', ['price_not_provisioned'])
    holdAtProvider(active)
    const event = documentedEvent('customer.subscription.updated', active)
    assert.equal((await sendWebhook(event)).status, 500)
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'failed')
    const row = await subscriptionRow(user.id)
    assert.equal(row.planSlug, 'pro')
    assert.equal(row.paymentPriceId, PRICE_PRO)
  })

  test('a signed handled event without its object is 400 and not stored; an unhandled one passes', async ({
    assert,
  }) => {
    for (const type of ['customer.subscription.updated', 'checkout.session.completed', 'invoice.payment_failed']) {
      const bare = JSON.stringify({ id: `evt_bare_${type}`, object: 'event', type, created: unixNow() })
      assert.equal((await postRaw(bare, sign(bare))).status, 400, type)
      assert.isNull(await BillingWebhookEvent.findBy('event_id', `evt_bare_${type}`))
    }
    const unhandled = JSON.stringify({ id: 'evt_bare_refund', object: 'event', type: 'charge.refunded', created: 1 })
    assert.equal((await postRaw(unhandled, sign(unhandled))).status, 200)
  })

  test('wire: multi-byte text, several v1 signatures, bad headers, non-JSON, 1 MB', async ({ assert }) => {
    const event = documentedEvent('customer.created', { id: 'cus_probe', object: 'customer', name: 'Zoë 🎓 Ünïcode' })
    const payload = JSON.stringify(event)
    const good = sign(payload)
    const [timestamp, v1] = good.split(',')
    assert.equal((await postRaw(payload, good)).status, 200, 'multi-byte characters verify')
    assert.isNotNull(await BillingWebhookEvent.findBy('event_id', event.id))
    const other = JSON.stringify({ ...event, id: `${event.id}_b` })
    const [t2, v2] = sign(other).split(',')
    assert.equal((await postRaw(other, `${t2},v1=${'0'.repeat(64)},${v2},v0=abc`)).status, 200, 'one v1 of several')
    assert.equal((await postRaw(payload, null)).status, 400, 'missing header')
    assert.equal((await postRaw(payload, 'garbage')).status, 400, 'garbage header')
    assert.equal((await postRaw(payload, `${timestamp},v1=${'f'.repeat(64)}`)).status, 400, 'wrong v1')
    assert.equal((await postRaw(payload, `${timestamp},v0=${v1.slice(3)}`)).status, 400, 'v0 only')
    const stale = sign(payload, unixNow() - 3600)
    assert.equal((await postRaw(payload, stale)).status, 400, 'an hour-old signature')
    const notJson = 'this is not json'
    assert.equal((await postRaw(notJson, sign(notJson))).status, 400, 'non-JSON')
    const big = JSON.stringify(documentedEvent('customer.updated', { id: 'cus_big', pad: 'x'.repeat(1024 * 1024) }))
    const bigResponse = await postRaw(big, sign(big))
    assert.equal(bigResponse.status, 413, '1 MB: over the JSON body limit, refused before any processing')
  })
  test('checkout: customer expanded, no client_reference_id, no metadata: activates the customer’s user', async ({
    assert,
  }) => {
    const user = await createUser()
    await User.query().where('id', user.id).update({ payment_customer_id: 'cus_exp' })
    holdAtProvider(documentedSubscription('sub_exp', 'cus_exp', 'active', [PRICE_PRO]))
    const session = {
      id: 'cs_test_exp',
      object: 'checkout.session',
      client_reference_id: null,
      customer: { id: 'cus_exp', object: 'customer', email: 'student@example.com' },
      metadata: {},
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      subscription: 'sub_exp',
    }
    assert.equal((await sendWebhook(documentedEvent('checkout.session.completed', session))).status, 200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.equal(row.planSlug, 'pro')
    assert.isNotNull(await activePaidPlan(user.id))
  })

  test('after a cancel: a late paid invoice (older API shape) and a stale updated, at once, keep it canceled', async ({
    assert,
  }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_late', customerId: 'cus_late' })
    const canceled = documentedSubscription('sub_late', 'cus_late', 'canceled', [PRICE_PRO])
    holdAtProvider(canceled)
    const stale = { ...canceled, status: 'active', canceled_at: null, ended_at: null }
    const invoice = {
      id: 'in_late',
      object: 'invoice',
      customer: 'cus_late',
      subscription: 'sub_late',
      status: 'paid',
      paid: true,
      billing_reason: 'subscription_cycle',
      lines: { object: 'list', data: [{ id: 'il_1', period: { start: unixNow(), end: unixNow() + 30 * 86400 } }] },
    }
    const created = unixNow() - 600
    const responses = await Promise.all([
      sendWebhook(documentedEvent('customer.subscription.deleted', canceled)),
      sendWebhook(documentedEvent('customer.subscription.updated', stale, created)),
      sendWebhook(documentedEvent('invoice.payment_succeeded', invoice, created)),
      sendWebhook(documentedEvent('invoice.paid', invoice, created)),
    ])
    assert.deepEqual(
      responses.map((r) => r.status),
      [200, 200, 200, 200]
    )
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
    assert.isNull(await activePaidPlan(user.id))
  })
})
