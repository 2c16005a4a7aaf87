import { test } from '@japa/runner'
import { startCheckout, locallySubscribedUser } from '#tests/support/billing_users'
import { api, assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import UserSubscription from '#models/user_subscription'
import { subscriptionSummary } from '#services/billing/shared_subscription'
import { createUser } from '#tests/support/users'
import { PRICE_PLUS, PRICE_PRO, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

let stripe: StripeTestServer

test.group('Billing API / SPEC D routes', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('SPEC D: all /subscriptions routes require cookie auth (401)', async ({ client, assert }) => {
    const response = await client.get(urlFor('api.subscriptions.show'))
    assertErrorBody(assert, response, 401, 'UNAUTHORIZED')
  })

  test('CONTRACT 4: a new user reads a free/active view (row created lazily)', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client.get(urlFor('api.subscriptions.show')).loginAs(user)
    response.assertStatus(200)
    assert.deepInclude(response.body(), {
      status: 'active',
      statusReason: null,
      requiresPaymentAction: false,
      planSlug: 'free',
      planName: 'Basic',
      price: 0,
      currency: 'usd',
      billingInterval: 'month',
      cancelAtPeriodEnd: false,
      pauseCollectionResumesAt: null,
    })
    assert.deepEqual(response.body().limits, { aiCredits: 0 })
    assert.deepEqual(response.body().usage, { aiCredits: 0 })
    assert.equal(stripe.requests.length, 0)
  })

  test('hot path: the shared subscriptionSummary prop is one query, no provider call', async ({ assert }) => {
    const user = await locallySubscribedUser({ status: 'past_due', statusReason: 'payment_action_required' })
    stripe.reset()
    const sql: string[] = []
    const listener = (query: { sql: string }) => sql.push(query.sql)
    const knex = db.connection().getWriteClient()
    knex.on('query', listener)
    let summary
    try {
      summary = await subscriptionSummary(user.id)
    } finally {
      knex.off('query', listener)
    }
    assert.lengthOf(sql, 1, sql.join('\n'))
    assert.lengthOf(stripe.requests, 0)
    assert.deepInclude(summary, { planSlug: 'pro', status: 'past_due', requiresPaymentAction: true })
  })

  test('SPEC D checkout: weekly interval is 400 and no provider call is made', async ({ client, assert }) => {
    const user = await createUser()
    const response = await startCheckout(client, user, 'pro', 'weekly')
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    assert.equal(stripe.requests.length, 0)
  })

  test('checkout: one customer, 3DS automatic, &upgraded=<slug>, user id in metadata', async ({ client, assert }) => {
    const user = await createUser()
    const response = await startCheckout(client, user, 'plus')
    response.assertStatus(200)
    assert.match(response.body().url, /^https:\/\/checkout\.stripe\.test\//)
    assert.match(response.body().session_id, /^cs_test_/)
    const customerCalls = stripe.writes('/v1/customers')
    assert.lengthOf(customerCalls, 1)
    await user.refresh()
    assert.match(user.paymentCustomerId!, /^cus_/)
    const [session] = stripe.writes('/v1/checkout/sessions')
    assert.equal(session.contentType?.split(';')[0], 'application/x-www-form-urlencoded')
    assert.equal(session.form.mode, 'subscription')
    assert.equal(session.form.customer, user.paymentCustomerId)
    assert.equal(session.form.client_reference_id, String(user.id))
    assert.equal(session.form.metadata.user_id, String(user.id))
    assert.equal(session.form.subscription_data.metadata.user_id, String(user.id))
    assert.equal(session.form.payment_method_options.card.request_three_d_secure, 'automatic')
    assert.equal(session.form.line_items[0].price, PRICE_PLUS)
    assert.equal(
      session.form.success_url,
      'http://127.0.0.1/settings/billing?session_id={CHECKOUT_SESSION_ID}&upgraded=plus'
    )

    // Second checkout reuses the saved customer.
    await startCheckout(client, user, 'pro')
    assert.lengthOf(stripe.writes('/v1/customers'), 1)
    assert.equal(stripe.writes('/v1/checkout/sessions')[1].form.line_items[0].price, PRICE_PRO)
  })

  test('no customer: payment-method is null and invoices [] with no provider call', async ({ client, assert }) => {
    const user = await createUser()
    const pm = await client.get(urlFor('api.subscriptions.payment_method')).loginAs(user)
    pm.assertStatus(200)
    assert.equal(pm.text(), 'null')
    const invoices = await client.get(urlFor('api.subscriptions.invoices', {}, { qs: { limit: '12' } })).loginAs(user)
    invoices.assertStatus(200)
    assert.deepEqual(invoices.body(), [])
    assert.equal(stripe.requests.length, 0)
  })

  test('payment-method card view and invoices list shape (limit 12 forwarded)', async ({ client, assert }) => {
    const user = await locallySubscribedUser({ customerId: 'cus_cards' })
    stripe.addCard('cus_cards', { brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 })
    stripe.addInvoice('cus_cards', {
      id: 'in_1',
      number: 'A-1',
      amount_due: 2000,
      amount_paid: 2000,
      currency: 'eur',
      created: 1767225600,
    })
    stripe.addInvoice('cus_cards', { id: 'in_2', hosted_invoice_url: null, status: 'open', amount_paid: 0 })
    const pm = await client.get(urlFor('api.subscriptions.payment_method')).loginAs(user)
    pm.assertStatus(200)
    assert.deepEqual(pm.body(), { brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 })
    const pmCall = stripe.requests.find((r) => r.path === '/v1/payment_methods')!
    assert.equal(pmCall.query.type, 'card')
    assert.equal(pmCall.query.limit, '1')

    const invoices = await client.get(urlFor('api.subscriptions.invoices', {}, { qs: { limit: '12' } })).loginAs(user)
    invoices.assertStatus(200)
    assert.isArray(invoices.body())
    assert.lengthOf(invoices.body(), 2)
    assert.deepEqual(invoices.body()[1], {
      id: 'in_1',
      number: 'A-1',
      status: 'paid',
      currency: 'eur',
      amount_due: 2000,
      amount_paid: 2000,
      created_at: '2026-01-01T00:00:00.000Z',
      hosted_invoice_url: 'https://invoice.stripe.test/i/abc',
    })
    assert.isNull(invoices.body()[0].hosted_invoice_url)
    assert.equal(stripe.requests.find((r) => r.path === '/v1/invoices')!.query.limit, '12')
  })

  test('SPEC Limits: at most 12 invoices are listed, whatever limit is asked', async ({ client, assert }) => {
    const user = await locallySubscribedUser({ customerId: 'cus_many_invoices' })
    for (let i = 0; i < 14; i++) stripe.addInvoice('cus_many_invoices', { id: `in_many_${i}` })
    for (const [limit, expected] of [
      ['50', 12],
      ['13', 12],
      [undefined, 12],
      ['3', 3],
    ] as const) {
      stripe.requests.length = 0
      const qs = limit ? { limit } : {}
      const response = await client.get(urlFor('api.subscriptions.invoices', {}, { qs })).loginAs(user)
      response.assertStatus(200)
      assert.lengthOf(response.body(), expected, `limit ${limit}`)
      assert.equal(stripe.requests.find((r) => r.path === '/v1/invoices')!.query.limit, String(expected))
    }
  })

  test('SPEC D portal: { url } for a customer; 400 without one', async ({ client, assert }) => {
    const free = await createUser()
    const none = await api(client, free).post(urlFor('api.subscriptions.portal'))
    none.assertStatus(400)
    const user = await locallySubscribedUser({ customerId: 'cus_portal' })
    const response = await api(client, user).post(urlFor('api.subscriptions.portal'))
    response.assertStatus(200)
    assert.match(response.body().url, /^https:\/\/billing\.stripe\.test\//)
    assert.equal(stripe.writes('/v1/billing_portal/sessions')[0].form.customer, 'cus_portal')
  })

  test('SPEC D: a free user cannot pause or change plan without a paid subscription (400)', async ({ client }) => {
    const user = await createUser()
    const pause = await api(client, user).post(urlFor('api.subscriptions.pause'))
    pause.assertStatus(400)
    const change = await api(client, user).post(urlFor('api.subscriptions.change_plan'), { planSlug: 'pro' })
    change.assertStatus(400)
  })

  test('CONTRACT 3: billing mutations need the CSRF header', async ({ client }) => {
    const user = await createUser()
    const response = await client
      .post(urlFor('api.subscriptions.checkout'))
      .json({ planSlug: 'pro', billingInterval: 'month' })
      .loginAs(user)
    response.assertStatus(403)
  })
})

test.group('Billing pages / one subscription read per request', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /** Counts user_subscriptions reads (Lucid find/fetch hooks) while `run` executes. */
  async function countSubscriptionReads(run: () => Promise<unknown>) {
    let reads = 0
    const count = () => {
      reads++
    }
    UserSubscription.before('find', count)
    UserSubscription.before('fetch', count)
    try {
      await run()
    } finally {
      UserSubscription.$hooks.remove('before:find', count)
      UserSubscription.$hooks.remove('before:fetch', count)
    }
    return reads
  }

  test('/settings/billing and /pricing read the subscription once', async ({ client, assert }) => {
    const user = await createUser()
    await subscriptionRow(user.id) // the lazily created free row exists
    const settingsReads = await countSubscriptionReads(async () => {
      const response = await client.get(urlFor('pages.settings.billing')).header('accept', 'text/html').loginAs(user)
      response.assertStatus(200)
      assert.include(response.text(), 'Basic')
    })
    assert.equal(settingsReads, 1)
    const pricingReads = await countSubscriptionReads(async () => {
      const response = await client.get(urlFor('pages.pricing')).header('accept', 'text/html').loginAs(user)
      response.assertStatus(200)
    })
    assert.equal(pricingReads, 1)
  })

  test('SPEC D: /pricing routes an active paid user to /settings/billing', async ({ client, assert }) => {
    const user = await locallySubscribedUser({ subscriptionId: 'sub_pricing_redirect' })
    const response = await client.get(urlFor('pages.pricing')).header('accept', 'text/html').loginAs(user).redirects(0)
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/settings/billing')
  })
})
