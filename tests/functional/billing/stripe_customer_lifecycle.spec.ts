import { test } from '@japa/runner'
import User from '#models/user'
import { hasPurchasedDocument } from '#services/billing/entitlements'
import { api } from '#tests/support/http'
import { createDocument } from '#tests/support/catalog'
import { createUser } from '#tests/support/users'
import { subscriptionRow, withStripeGroup } from '#tests/support/billing'
import { subscribedUser, startCheckout } from '#tests/support/billing_users'
import { sendWebhook, unixNow } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Audit of the webhook with Stripe-documented events around a customer's life: a Checkout paid
 * by a delayed method (the session completes unpaid, `async_payment_succeeded` follows) and a
 * customer deleted in the Dashboard (Stripe cancels its subscriptions; the id is gone for good).
 */
let stripe: StripeTestServer

/** A Checkout Session as Stripe's API reference shows it (fields that matter here). */
function documentedSession(fields: Record<string, any>) {
  return {
    id: 'cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY',
    object: 'checkout.session',
    amount_subtotal: 799,
    amount_total: 799,
    client_reference_id: null,
    created: unixNow() - 120,
    currency: 'usd',
    customer: null,
    customer_details: { email: 'student@example.com', name: null },
    expires_at: unixNow() + 86000,
    livemode: false,
    metadata: {},
    mode: 'payment',
    payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
    payment_method_types: ['card', 'sepa_debit'],
    payment_status: 'unpaid',
    status: 'complete',
    subscription: null,
    url: null,
    ...fields,
  }
}

function documentedEvent(type: string, object: any) {
  return {
    id: `evt_${Math.random().toString(36).slice(2, 16)}`,
    object: 'event',
    api_version: '2025-03-31.basil',
    created: unixNow(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
}

test.group('Billing audit / a customer’s life, Stripe-documented events', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('a document paid by a delayed method is granted on async_payment_succeeded', async ({ assert }) => {
    const user = await createUser()
    const document = await createDocument({ accessLevel: 'paid', price: 799, currency: 'usd' })
    const metadata = { user_id: String(user.id), document_id: String(document.id), kind: 'document_purchase' }
    const session = documentedSession({ client_reference_id: String(user.id), metadata })
    assert.equal((await sendWebhook(documentedEvent('checkout.session.completed', session))).status, 200)
    assert.isFalse(await hasPurchasedDocument(user.id, document.id), 'not paid yet: nothing granted')
    const failed = documentedEvent('checkout.session.async_payment_failed', session)
    assert.equal((await sendWebhook(failed)).status, 200)
    assert.isFalse(await hasPurchasedDocument(user.id, document.id))
    const paid = documentedEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' })
    assert.equal((await sendWebhook(paid)).status, 200)
    assert.isTrue(await hasPurchasedDocument(user.id, document.id), 'paid: the document is granted')
  })

  test('customer.deleted: the id is forgotten; billing reads make no call; checkout makes a new customer', async ({
    client,
    assert,
  }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_NffrFeUfNV2Hib')
    stripe.cancel(sub.id)
    const [deleted] = stripe.takeEvents()
    assert.equal((await sendWebhook(deleted)).status, 200)
    const customer = {
      id: 'cus_NffrFeUfNV2Hib',
      object: 'customer',
      created: unixNow() - 86400 * 40,
      email: 'student@example.com',
      livemode: false,
      metadata: {},
      name: null,
    }
    assert.equal((await sendWebhook(documentedEvent('customer.deleted', customer))).status, 200)
    assert.isNull((await User.findOrFail(user.id)).paymentCustomerId)
    assert.equal((await subscriptionRow(user.id)).status, 'canceled')

    const calls = stripe.requests.length
    const method = await api(client, user).get(urlFor('api.subscriptions.payment_method'))
    method.assertStatus(200)
    assert.isNull(method.body())
    const invoices = await api(client, user).get(urlFor('api.subscriptions.invoices'))
    assert.deepEqual(invoices.body(), [])
    assert.equal(stripe.requests.length, calls, 'no provider call for a deleted customer')

    ;(await startCheckout(client, user)).assertStatus(200)
    const [created] = stripe.writes('/v1/customers')
    assert.exists(created, 'a new customer is created')
    const [session] = stripe.writes('/v1/checkout/sessions')
    assert.notEqual(session.form.customer, 'cus_NffrFeUfNV2Hib')
  })
  test('a late deleted of the old customer’s subscription leaves the new customer’s live one', async ({ assert }) => {
    const { user, sub: live } = await subscribedUser(stripe, 'cus_new_after_delete')
    const old = stripe.addSubscription({ customer: 'cus_deleted_before', priceId: live.items.data[0].price.id })
    old.status = 'canceled'
    old.metadata = { user_id: String(user.id) }
    const late = documentedEvent('customer.subscription.deleted', stripe.render(old))
    assert.equal((await sendWebhook(late)).status, 200)
    const row = await subscriptionRow(user.id)
    assert.equal(row.status, 'active')
    assert.equal(row.paymentSubscriptionId, live.id)
    assert.equal(row.paymentCustomerId, 'cus_new_after_delete')
  })
})
