import { test } from '@japa/runner'
import { locallySubscribedUser } from '#tests/support/billing_users'
import { invoiceObject, storeStuckEvent, subscriptionObject } from '#tests/support/billing_events'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import BillingWebhookEvent from '#models/billing_webhook_event'
import app from '@adonisjs/core/services/app'
import { BillingWebhookService } from '#services/billing/webhook_service'
import { subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { WEBHOOK_SECRET, sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'

test.group('Billing webhooks / signature, livemode, idempotency (SPEC D Events, CONTRACT 12)', (group) => {
  withStripeGroup(group, () => {})

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
    const old = await sendWebhook(event, { timestamp: unixNow() - 301 })
    assert.equal(old.status, 400)
    const recent = await sendWebhook(event, { timestamp: unixNow() - 200 })
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

  test('a livemode mismatch is acknowledged 200, not stored; no livemode passes', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_live' })
    const deletion = (livemode: boolean | null) =>
      stripeEvent('customer.subscription.deleted', subscriptionObject({ id: 'sub_live', status: 'canceled' }), {
        livemode,
      })
    const live = deletion(true)
    const response = await sendWebhook(live)
    assert.equal(response.status, 200)
    assert.equal((await BillingWebhookEvent.query().where('event_id', live.id)).length, 0)
    assert.equal((await subscriptionRow(user.id)).status, 'active')

    const noField = deletion(null)
    const passed = await sendWebhook(noField)
    assert.equal(passed.status, 200)
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')
  })

  test('a signed body that is not an event (no id or type) is 400; nothing stored', async ({ assert }) => {
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

  test('a signed event whose lists or price ids have the wrong shape is 400, not a stored failure and a 500', async ({
    assert,
  }) => {
    const before = (await BillingWebhookEvent.query()).length
    const sub = subscriptionObject()
    for (const event of [
      stripeEvent('customer.subscription.updated', { ...sub, items: { object: 'list', data: 5 } }),
      stripeEvent('customer.subscription.deleted', { ...sub, items: { data: { a: 1 } } }),
      stripeEvent('customer.subscription.updated', { ...sub, items: { data: [{ id: 'si_1', price: { id: ['x'] } }] } }),
      stripeEvent('invoice.paid', invoiceObject('in_shape', 'sub_shape', { lines: { data: true } })),
    ]) {
      const response = await sendWebhook(event)
      assert.equal(response.status, 400, JSON.stringify(event.data.object).slice(0, 80))
      assert.equal(response.body.code, 'BAD_REQUEST')
    }
    assert.lengthOf(await BillingWebhookEvent.query(), before)
  })

  test('CONTRACT 12: an unknown event type answers 200', async ({ assert }) => {
    const event = stripeEvent('charge.refunded', { id: 'ch_1' })
    const response = await sendWebhook(event)
    assert.equal(response.status, 200)
  })

  test('metadata ids beyond the id column find nobody: 200, row processed, no 500', async ({ assert }) => {
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
    const user = await locallySubscribedUser({ subscriptionId: 'sub_rep' })
    const event = stripeEvent('invoice.payment_failed', invoiceObject('in_rep', 'sub_rep', { customer: 'cus_x' }))
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

  test('a handler error rolls back, marks the row failed, 500; the retry processes it', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_fail' })
    const event = stripeEvent('invoice.payment_failed', invoiceObject('in_fail', 'sub_fail', { customer: 'cus_x' }))
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
    const user = await locallySubscribedUser({ subscriptionId: 'sub_stuck' })
    const event = stripeEvent('invoice.payment_failed', invoiceObject('in_stuck', 'sub_stuck'))
    await storeStuckEvent(event)
    const response = await sendWebhook(event)
    assert.equal(response.status, 200)
    assert.equal((await BillingWebhookEvent.findByOrFail('event_id', event.id)).status, 'processed')
    assert.equal((await subscriptionRow(user.id)).status, 'past_due')
  })
})
