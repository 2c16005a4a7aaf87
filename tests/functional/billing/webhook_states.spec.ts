import { test } from '@japa/runner'
import { locallySubscribedUser } from '#tests/support/billing_users'
import { sendSubscriptionEvent } from '#tests/support/billing_events'
import BillingWebhookEvent from '#models/billing_webhook_event'
import SubscriptionUsage from '#models/subscription_usage'
import { activePaidPlan } from '#services/billing/entitlements'
import { createUser } from '#tests/support/users'
import { subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { PROVIDER_STATUSES, sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Billing webhooks / state table and Events table (SPEC D)', (group) => {
  withStripeGroup(group, () => {})

  test('any → checkout.session.completed (paid) → active; customer saved', async ({ assert, client }) => {
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

  test('active → invoice.payment_succeeded (renewal) → active; usage row for the period', async ({ assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_ren', plan: 'pro' })
    const start = unixNow() + 86400
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

  test('active → invoice.payment_failed → past_due (payment_failed); premium denied', async ({ assert, client }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_pf' })
    await sendWebhook(stripeEvent('invoice.payment_failed', { id: 'in_pf', object: 'invoice', subscription: 'sub_pf' }))
    const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
    assert.equal(view.status, 'past_due')
    assert.equal(view.statusReason, 'payment_failed')
    assert.isFalse(view.requiresPaymentAction)
    assert.isNull(await activePaidPlan(user.id))
  })

  test('active → invoice.payment_action_required → past_due, requiresPaymentAction', async ({ assert, client }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_3ds' })
    await sendWebhook(
      stripeEvent('invoice.payment_action_required', { id: 'in_3ds', object: 'invoice', subscription: 'sub_3ds' })
    )
    const view = (await client.get(urlFor('api.subscriptions.show')).loginAs(user)).body()
    assert.equal(view.status, 'past_due')
    assert.equal(view.statusReason, 'payment_action_required')
    assert.isTrue(view.requiresPaymentAction)
  })

  test('past_due + action required → updated (non-active) keeps the reason; active clears', async ({ assert }) => {
    const user = await createUser()
    await subscribeLocally(user, {
      subscriptionId: 'sub_keep',
      status: 'past_due',
      statusReason: 'payment_action_required',
    })
    const t = unixNow() - 100
    await sendSubscriptionEvent('updated', { id: 'sub_keep', status: 'incomplete' }, { created: t })
    let row = await subscriptionRow(user.id)
    assert.equal(row.status, 'past_due')
    assert.equal(row.statusReason, 'payment_action_required')
    await sendSubscriptionEvent('updated', { id: 'sub_keep', status: 'active' }, { created: t + 10 })
    row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.isNull(row.statusReason)
  })

  test('SPEC mapping table: every provider status maps to its local status', async ({ assert }) => {
    const cases: [string, string][] = [...PROVIDER_STATUSES, ['something_new', 'expired']]
    let t = unixNow() - 1000
    for (const [provider, local] of cases) {
      const user = await locallySubscribedUser({ subscriptionId: `sub_map_${provider}` })
      const response = await sendSubscriptionEvent(
        'updated',
        { id: `sub_map_${provider}`, status: provider },
        { created: t++ }
      )
      assert.equal(response.status, 200)
      const row = await subscriptionRow(user.id)
      assert.equal(row.status, local, `provider ${provider}`)
      assert.equal(row.isActive, local === 'active')
    }
  })
})
