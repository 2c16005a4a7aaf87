import { test } from '@japa/runner'
import { storeStuckEvent } from '#tests/support/billing_events'
import { api } from '#tests/support/http'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import { DateTime } from 'luxon'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import app from '@adonisjs/core/services/app'
import { BillingWebhookService } from '#services/billing/webhook_service'
import { activePaidPlan } from '#services/billing/entitlements'
import { createUser } from '#tests/support/users'
import {
  PRICE_PLUS,
  PRICE_PRO,
  WEBHOOK_SECRET,
  sendWebhook,
  stripeEvent,
  subscribeLocally,
  subscriptionRow,
  withStripeGroup,
} from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

let stripe: StripeTestServer
const now = () => Math.floor(Date.now() / 1000)

function subscriptionObject(overrides: Record<string, any> = {}) {
  const start = now() - 3600
  return {
    id: 'sub_x',
    object: 'subscription',
    customer: 'cus_x',
    status: 'active',
    cancel_at_period_end: false,
    pause_collection: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_x',
          current_period_start: start,
          current_period_end: start + 30 * 86400,
          price: { id: PRICE_PRO, unit_amount: 1000, currency: 'usd' },
        },
      ],
    },
    ...overrides,
  }
}

test.group('Billing webhooks / signature, livemode, idempotency (SPEC D Events, CONTRACT 12)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('SPEC Auth 5: a tampered signature is 400 and nothing is stored', async ({ assert }) => {
    const event = stripeEvent('customer.subscription.updated', subscriptionObject())
    const tampered = await sendWebhook(event, { tamper: true })
    assert.equal(tampered.status, 400)
    assert.equal(tampered.body.code, 'BAD_REQUEST')
    const wrongSecret = await sendWebhook(event, { secret: 'whsec_other' })
    assert.equal(wrongSecret.status, 400)
    const missing = await sendWebhook(event, { signature: '' })
    assert.equal(missing.status, 400)
    assert.equal((await BillingWebhookEvent.query().where('event_id', event.id)).length, 0)
  })

  test('signature tolerance is 300 s: an older signature timestamp is refused', async ({ assert }) => {
    const event = stripeEvent('customer.subscription.updated', subscriptionObject())
    const old = await sendWebhook(event, { timestamp: now() - 301 })
    assert.equal(old.status, 400)
    const recent = await sendWebhook(event, { timestamp: now() - 200 })
    assert.equal(recent.status, 200)
  })

  test('several comma-separated webhook secrets are accepted during a rotation', async ({ assert }) => {
    swapSettings(BillingSettings, { stripeWebhookSecret: `whsec_new_one, ${WEBHOOK_SECRET}` })
    const event = stripeEvent('some.unknown.type', {})
    const oldSecret = await sendWebhook(event)
    assert.equal(oldSecret.status, 200)
    const event2 = stripeEvent('some.unknown.type', {})
    const newSecret = await sendWebhook(event2, { secret: 'whsec_new_one' })
    assert.equal(newSecret.status, 200)
  })

  test('SPEC Events 2: a livemode mismatch is acknowledged 200 and not stored; events without livemode pass', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_live' })
    const live = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_live', status: 'canceled' }),
      { livemode: true }
    )
    const response = await sendWebhook(live)
    assert.equal(response.status, 200)
    assert.equal((await BillingWebhookEvent.query().where('event_id', live.id)).length, 0)
    assert.equal((await subscriptionRow(user.id)).status, 'active')

    const noField = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_live', status: 'canceled' }),
      { livemode: null }
    )
    const passed = await sendWebhook(noField)
    assert.equal(passed.status, 200)
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
  })

  test('a correctly signed body that is not an event (no id or type) is 400 BAD_REQUEST, not a 500; nothing stored', async ({
    assert,
  }) => {
    const before = (await BillingWebhookEvent.query()).length
    for (const body of [
      { object: 'event', type: 'invoice.payment_failed', data: { object: {} } },
      { id: 'evt_no_type', object: 'event' },
      { id: 'x'.repeat(300), type: 'charge.refunded' },
    ]) {
      const response = await sendWebhook(body)
      assert.equal(response.status, 400, JSON.stringify(body)?.slice(0, 60))
      assert.equal(response.body.code, 'BAD_REQUEST')
    }
    assert.lengthOf(await BillingWebhookEvent.query(), before)
  })

  test('CONTRACT 12: an unknown event type answers 200', async ({ assert }) => {
    const event = stripeEvent('charge.refunded', { id: 'ch_1' })
    const response = await sendWebhook(event)
    assert.equal(response.status, 200)
  })

  test('metadata ids beyond the id column (user_id, document_id) find nobody: 200 and the row processed, not a 500 (PostgreSQL)', async ({
    assert,
  }) => {
    const huge = '99999999999'
    const events = [
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_nobody', customer: 'cus_nobody', metadata: { user_id: huge } })
      ),
      stripeEvent('checkout.session.completed', {
        id: 'cs_nobody',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: huge,
        metadata: { user_id: huge, plan_slug: 'pro' },
      }),
      stripeEvent('checkout.session.completed', {
        id: 'cs_doc_nobody',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        metadata: { user_id: huge, document_id: huge, kind: 'document_purchase' },
      }),
    ]
    for (const event of events) {
      const response = await sendWebhook(event)
      assert.equal(response.status, 200, event.type)
      const row = await BillingWebhookEvent.findByOrFail('event_id', event.id)
      assert.equal(row.status, 'processed')
    }
  })

  test('SPEC Events 1: a replayed (processed) event is ignored without side effects', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_rep' })
    const event = stripeEvent('invoice.payment_failed', {
      id: 'in_rep',
      object: 'invoice',
      subscription: 'sub_rep',
      customer: 'cus_x',
    })
    assert.equal((await sendWebhook(event)).status, 200)
    assert.equal((await subscriptionRow(user.id)).status, 'past_due')
    // The user resolved the payment meanwhile; a replay must not bring past_due back.
    const row = await subscriptionRow(user.id)
    row.merge({ status: 'active', statusReason: null, isActive: true })
    await row.save()
    const replay = await sendWebhook(event)
    assert.equal(replay.status, 200)
    assert.equal(replay.body.outcome, 'duplicate')
    assert.equal((await subscriptionRow(user.id)).status, 'active')
    const stored = await BillingWebhookEvent.query().where('event_id', event.id)
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].status, 'processed')
  })

  test('CONTRACT 12: a handler error rolls back the effects, marks the row failed, answers 500; the retry processes it', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_fail' })
    const event = stripeEvent('invoice.payment_failed', {
      id: 'in_fail',
      object: 'invoice',
      subscription: 'sub_fail',
      customer: 'cus_x',
    })
    class FailingAfterEffects extends BillingWebhookService {
      async handle(...args: Parameters<BillingWebhookService['handle']>) {
        await super.handle(...args)
        throw new Error('boom after the effects')
      }
    }
    app.container.swap(BillingWebhookService, (resolver) => resolver.make(FailingAfterEffects))
    try {
      const failed = await sendWebhook(event)
      assert.equal(failed.status, 500)
      assert.notMatch(JSON.stringify(failed.body), /boom/)
    } finally {
      app.container.restore(BillingWebhookService)
    }
    const row = await BillingWebhookEvent.findByOrFail('event_id', event.id)
    assert.equal(row.status, 'failed')
    assert.equal((await subscriptionRow(user.id)).status, 'active')

    const retry = await sendWebhook(event)
    assert.equal(retry.status, 200)
    await row.refresh()
    assert.equal(row.status, 'processed')
    assert.equal((await subscriptionRow(user.id)).status, 'past_due')
  })

  test('CONTRACT 12: a stuck `received` row is processed on the next delivery', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_stuck' })
    const event = stripeEvent('invoice.payment_failed', {
      id: 'in_stuck',
      object: 'invoice',
      subscription: 'sub_stuck',
    })
    await storeStuckEvent(event)
    const response = await sendWebhook(event)
    assert.equal(response.status, 200)
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'processed')
    assert.equal((await subscriptionRow(user.id)).status, 'past_due')
  })
})

test.group('Billing webhooks / state table and Events table (SPEC D)', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('any → checkout.session.completed (paid) → active; readable via my-subscription; customer saved', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: String(user.id),
      customer: 'cus_new',
      subscription: 'sub_new',
      metadata: { user_id: String(user.id), plan_slug: 'plus' },
    })
    const response = await sendWebhook(event)
    assert.equal(response.status, 200)
    const view = await client.get(urlFor('api.subscriptions.show')).loginAs(user)
    assert.equal(view.body().status, 'active')
    assert.equal(view.body().planSlug, 'plus')
    assert.equal(view.body().limits.aiCredits, 500)
    assert.isString(view.body().currentPeriodEnd)
    const row = await subscriptionRow(user.id)
    assert.equal(row.paymentSubscriptionId, 'sub_new')
    assert.isTrue(row.isActive)
    await user.refresh()
    assert.equal(user.paymentCustomerId, 'cus_new')
    assert.equal(await activePaidPlan(user.id), 'plus')
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'processed')
  })

  test('an unpaid checkout does not activate', async ({ assert }) => {
    const user = await createUser()
    await sendWebhook(
      stripeEvent('checkout.session.completed', {
        id: 'cs_u',
        mode: 'subscription',
        payment_status: 'unpaid',
        client_reference_id: String(user.id),
        subscription: 'sub_u',
        metadata: { plan_slug: 'pro' },
      })
    )
    assert.equal((await subscriptionRow(user.id)).planSlug, 'free')
  })

  test('active → invoice.payment_succeeded (renewal) → active; usage row initialized for the new period', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_ren', plan: 'pro' })
    const start = now() + 86400
    const end = start + 30 * 86400
    const event = stripeEvent('invoice.payment_succeeded', {
      id: 'in_ren',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: 'cus_x',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_ren', metadata: {} } },
      lines: { data: [{ period: { start, end } }] },
    })
    assert.equal((await sendWebhook(event)).status, 200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.equal(Math.floor(row.currentPeriodEnd!.toSeconds()), end)
    const usage = await SubscriptionUsage.query().where('user_id', user.id)
    assert.lengthOf(usage, 1)
    assert.equal(Math.floor(usage[0].periodStart.toSeconds()), start)
    assert.equal(usage[0].aiCreditsUsed, 0)
    assert.equal(usage[0].aiCreditsLimit, 100)
  })

  test('active → invoice.payment_failed → past_due, status_reason payment_failed, premium access denied', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_pf' })
    await sendWebhook(stripeEvent('invoice.payment_failed', { id: 'in_pf', object: 'invoice', subscription: 'sub_pf' }))
    const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
    assert.equal(view.status, 'past_due')
    assert.equal(view.statusReason, 'payment_failed')
    assert.isFalse(view.requiresPaymentAction)
    assert.isNull(await activePaidPlan(user.id))
  })

  test('active → invoice.payment_action_required → past_due, payment_action_required, requiresPaymentAction', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_3ds' })
    await sendWebhook(
      stripeEvent('invoice.payment_action_required', { id: 'in_3ds', object: 'invoice', subscription: 'sub_3ds' })
    )
    const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
    assert.equal(view.status, 'past_due')
    assert.equal(view.statusReason, 'payment_action_required')
    assert.isTrue(view.requiresPaymentAction)
  })

  test('past_due + payment_action_required → subscription.updated (non-active) keeps the reason; active clears it', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, {
      subscriptionId: 'sub_keep',
      status: 'past_due',
      statusReason: 'payment_action_required',
    })
    const t = now() - 100
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_keep', status: 'incomplete' }), {
        created: t,
      })
    )
    let row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.equal(row.statusReason, 'payment_action_required')
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_keep', status: 'active' }), {
        created: t + 10,
      })
    )
    row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.isNull(row.statusReason)
  })

  test('SPEC mapping table: every provider status maps to its local status', async ({ assert }) => {
    const cases: [string, string][] = [
      ['active', 'active'],
      ['trialing', 'active'],
      ['past_due', 'past_due'],
      ['unpaid', 'past_due'],
      ['incomplete', 'past_due'],
      ['canceled', 'canceled'],
      ['incomplete_expired', 'expired'],
      ['paused', 'expired'],
      ['something_new', 'expired'],
    ]
    let t = now() - 1000
    for (const [provider, local] of cases) {
      const user = await createUser()
      await subscribeLocally(user, { subscriptionId: `sub_map_${provider}` })
      const response = await sendWebhook(
        stripeEvent(
          'customer.subscription.updated',
          subscriptionObject({ id: `sub_map_${provider}`, status: provider }),
          { created: t++ }
        )
      )
      assert.equal(response.status, 200)
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, local, `provider ${provider}`)
      assert.equal(row.isActive, local === 'active')
    }
  })

  test('customer.subscription.updated syncs plan (price id from the catalog), cancel_at_period_end and period end', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_sync', plan: 'pro' })
    const end = now() + 10 * 86400
    const obj = subscriptionObject({
      id: 'sub_sync',
      cancel_at_period_end: true,
      items: {
        data: [
          {
            id: 'si',
            current_period_start: now() - 86400,
            current_period_end: end,
            price: { id: PRICE_PLUS, unit_amount: 2000, currency: 'usd' },
          },
        ],
      },
    })
    await sendWebhook(stripeEvent('customer.subscription.updated', obj))
    const row = await subscriptionRow(user.id)
    assert.equal(row.planSlug, 'plus')
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(Math.floor(row.currentPeriodEnd!.toSeconds()), end)
  })

  test('active ending → subscription.updated (after auto-renew on) → cancel_at_period_end false', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_end', cancelAtPeriodEnd: true })
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_end', cancel_at_period_end: false }))
    )
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
  })

  test('any → customer.subscription.deleted → canceled, is_active false, plan access ends', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_del', plan: 'plus' })
    await sendWebhook(
      stripeEvent('customer.subscription.deleted', subscriptionObject({ id: 'sub_del', status: 'canceled' }))
    )
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.isFalse(row.isActive)
    assert.isNull(await activePaidPlan(user.id))
  })

  test('customer.subscription.paused sets pause_collection_resumes_at; resumed clears it', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_pz' })
    const resumesAt = now() + 40 * 86400
    const t = now() - 50
    await sendWebhook(
      stripeEvent(
        'customer.subscription.paused',
        subscriptionObject({
          id: 'sub_pz',
          status: 'active',
          pause_collection: { behavior: 'keep_as_draft', resumes_at: resumesAt },
        }),
        { created: t }
      )
    )
    let row = await subscriptionRow(user.id)
    assert.equal(Math.floor(row.pauseCollectionResumesAt!.toSeconds()), resumesAt)
    assert.equal(row.status, 'active')
    await sendWebhook(
      stripeEvent(
        'customer.subscription.resumed',
        subscriptionObject({ id: 'sub_pz', status: 'active', pause_collection: null }),
        { created: t + 5 }
      )
    )
    row = await subscriptionRow(user.id)
    assert.isNull(row.pauseCollectionResumesAt)
  })

  test('a provider status `paused` still maps to expired (CONTRACT 12)', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_pst' })
    await sendWebhook(
      stripeEvent(
        'customer.subscription.paused',
        subscriptionObject({ id: 'sub_pst', status: 'paused', pause_collection: null })
      )
    )
    assert.equal((await subscriptionRow(user.id)).status, 'expired')
  })

  test('new checkout (incomplete) → incomplete_expired → expired', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_inc', status: 'past_due' })
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_inc', status: 'incomplete_expired' }))
    )
    assert.equal((await subscriptionRow(user.id)).status, 'expired')
  })

  test('trial_will_end is routed to the updated handler; a no-op for already active subscriptions', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_tr', cancelAtPeriodEnd: false })
    await sendWebhook(
      stripeEvent(
        'customer.subscription.trial_will_end',
        subscriptionObject({ id: 'sub_tr', status: 'trialing', cancel_at_period_end: true })
      )
    )
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
    const other = await createUser()
    await subscribeLocally(other, { subscriptionId: 'sub_tr2', status: 'past_due' })
    await sendWebhook(
      stripeEvent('customer.subscription.trial_will_end', subscriptionObject({ id: 'sub_tr2', status: 'trialing' }))
    )
    assert.equal((await subscriptionRow(other.id)).status, 'active')
  })

  test('CONTRACT 12 ordering: an older event never overwrites newer state (out of order)', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_ooo' })
    const t = now() - 100
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_ooo', status: 'canceled' }), {
        created: t + 20,
      })
    )
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id: 'sub_ooo', status: 'active' }), {
        created: t,
      })
    )
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'canceled')
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), t + 20)
  })

  test('every event re-reads the provider: an event object saying active while Stripe holds past_due applies past_due', async ({
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ id: 'sub_tie', customer: 'cus_tie', priceId: PRICE_PRO, status: 'past_due' })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_tie' })
    const t = now() - 30
    await sendWebhook(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_tie', customer: 'cus_tie', status: 'active' }),
        { created: t }
      )
    )
    assert.isDefined(
      stripe.requests.find(
        (r) => r.method === 'GET' && r.path === '/v1/subscriptions' && r.query.customer === 'cus_tie'
      )
    )
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.isAtLeast(
      Math.floor(row.providerReadAt!.toSeconds()),
      now() - 2,
      'the read is stamped with this server clock'
    )
    assert.equal(Math.floor(row.paymentUpdatedAt!.toSeconds()), t, 'the Stripe stamp is the event created')
    // An event older than the applied read is read too (issue 24): its age decides nothing.
    stripe.subscriptions.get('sub_tie')!.status = 'active'
    const calls = stripe.requests.length
    await sendWebhook(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_tie', customer: 'cus_tie', status: 'past_due' }),
        { created: t - 5 }
      )
    )
    assert.isAbove(stripe.requests.length, calls)
    assert.equal((await subscriptionRow(user.id)).status, 'active')
  })

  test('CONTRACT 12: a webhook older than a mutation response applies what Stripe holds, not its object', async ({
    assert,
    client,
  }) => {
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
        { created: now() - 120 }
      )
    )
    assert.isTrue((await subscriptionRow(user.id)).cancelAtPeriodEnd)
    // The customer turns renewal back on in the portal: Stripe changes, then its event arrives.
    stripe.subscriptions.get('sub_race')!.cancel_at_period_end = false
    await sendWebhook(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_race', customer: 'cus_race', cancel_at_period_end: false })
      )
    )
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
  })

  test('events of an older subscription do not touch the active one', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_current', customerId: 'cus_same' })
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
