import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import UserSubscription from '#models/user_subscription'
import User from '#models/user'
import { subscriptionSummary } from '#services/billing/shared_subscription'
import { createUser } from '#tests/support/users'
import { PRICE_PLUS, PRICE_PRO, subscribeLocally, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

let stripe: StripeTestServer

const minute = () => Math.floor(Date.now() / 60000)

test.group('Billing API / SPEC D routes', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('SPEC D: all /subscriptions routes require cookie auth (401)', async ({ client }) => {
    const response = await client.get(urlFor('api.subscriptions.show'))
    response.assertStatus(401)
    response.assertBodyContains({ code: 'UNAUTHORIZED' })
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

  test('hot path: the shared page prop subscriptionSummary is one query and never a provider call', async ({
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { status: 'past_due', statusReason: 'payment_action_required' })
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
    const response = await client
      .post(urlFor('api.subscriptions.checkout'))
      .json({ planSlug: 'pro', billingInterval: 'weekly' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(400)
    response.assertBodyContains({ code: 'BAD_REQUEST' })
    assert.equal(stripe.requests.length, 0)
  })

  test('SPEC D checkout: creates the customer once, 3DS automatic, &upgraded=<slug>, user id in client_reference_id and metadata', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post(urlFor('api.subscriptions.checkout'))
      .json({ planSlug: 'plus', billingInterval: 'month' })
      .withCsrfToken()
      .loginAs(user)
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
    await client
      .post(urlFor('api.subscriptions.checkout'))
      .json({ planSlug: 'pro', billingInterval: 'month' })
      .withCsrfToken()
      .loginAs(user)
    assert.lengthOf(stripe.writes('/v1/customers'), 1)
    assert.equal(stripe.writes('/v1/checkout/sessions')[1].form.line_items[0].price, PRICE_PRO)
  })

  test('SPEC D: payment-method answers 200 null and invoices [] without a provider call when there is no customer', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const pm = await client.get(urlFor('api.subscriptions.payment_method')).loginAs(user)
    pm.assertStatus(200)
    assert.equal(pm.text(), 'null')
    const invoices = await client.get(urlFor('api.subscriptions.invoices', {}, { qs: { limit: '12' } })).loginAs(user)
    invoices.assertStatus(200)
    assert.deepEqual(invoices.body(), [])
    assert.equal(stripe.requests.length, 0)
  })

  test('CONTRACT 8: payment-method card view and invoices list shape (limit 12 forwarded)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await subscribeLocally(user, { customerId: 'cus_cards' })
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

  test('SPEC D portal: { url } for a customer; 400 without one', async ({ client, assert }) => {
    const free = await createUser()
    const none = await client.post(urlFor('api.subscriptions.portal')).withCsrfToken().loginAs(free)
    none.assertStatus(400)
    const user = await createUser()
    await subscribeLocally(user, { customerId: 'cus_portal' })
    const response = await client.post(urlFor('api.subscriptions.portal')).withCsrfToken().loginAs(user)
    response.assertStatus(200)
    assert.match(response.body().url, /^https:\/\/billing\.stripe\.test\//)
    assert.equal(stripe.writes('/v1/billing_portal/sessions')[0].form.customer, 'cus_portal')
  })

  test('SPEC D auto-renew off/on: cancel_at_period_end, idempotency key auto-renew-<id>-<on|off>-<minute>, refreshed view', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_ar', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_ar' })
    const off = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: false })
      .withCsrfToken()
      .loginAs(user)
    off.assertStatus(200)
    assert.equal(off.body().cancelAtPeriodEnd, true)
    assert.equal(off.body().status, 'active')
    const [write] = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.equal(write.form.cancel_at_period_end, 'true')
    assert.oneOf(write.idempotencyKey, [
      `auto-renew-${user.id}-off-${minute()}`,
      `auto-renew-${user.id}-off-${minute() - 1}`,
    ])

    const on = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: true })
      .withCsrfToken()
      .loginAs(user)
    on.assertStatus(200)
    assert.equal(on.body().cancelAtPeriodEnd, false)
    assert.match(
      stripe.writes(`/v1/subscriptions/${sub.id}`)[1].idempotencyKey!,
      new RegExp(`^auto-renew-${user.id}-on-\\d+$`)
    )
  })

  test('SPEC D: a double click inside the same minute yields one provider write (same key)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_dc', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_dc' })
    const first = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: false })
      .withCsrfToken()
      .loginAs(user)
    const second = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: false })
      .withCsrfToken()
      .loginAs(user)
    first.assertStatus(200)
    second.assertStatus(200)
    const writes = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.lengthOf(writes, 2)
    assert.equal(writes[0].idempotencyKey, writes[1].idempotencyKey)
    assert.lengthOf(stripe.appliedWrites(`/v1/subscriptions/${sub.id}`), 1)
  })

  test('SPEC D guards: non-active subscriptions get 400 on auto-renew off, change-plan, pause, resume', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_pd', priceId: PRICE_PRO, status: 'past_due' })
    await subscribeLocally(user, {
      subscriptionId: sub.id,
      customerId: 'cus_pd',
      status: 'past_due',
      statusReason: 'payment_failed',
    })
    for (const [method, url, body] of [
      ['patch', urlFor('api.subscriptions.auto_renew'), { enabled: false }],
      ['post', urlFor('api.subscriptions.change_plan'), { planSlug: 'plus' }],
      ['post', urlFor('api.subscriptions.pause'), {}],
      ['post', urlFor('api.subscriptions.resume'), {}],
    ] as const) {
      const response = await (client as any)[method](url).json(body).withCsrfToken().loginAs(user)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST')
    }
    assert.lengthOf(stripe.writes('/v1/subscriptions'), 0)
  })

  test('SPEC D: auto-renew on reverts an end-of-period cancel even on a non-active subscription', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({
      customer: 'cus_rv',
      priceId: PRICE_PRO,
      cancelAtPeriodEnd: true,
      status: 'past_due',
    })
    await subscribeLocally(user, {
      subscriptionId: sub.id,
      customerId: 'cus_rv',
      status: 'past_due',
      cancelAtPeriodEnd: true,
    })
    const response = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: true })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().cancelAtPeriodEnd, false)
  })

  test('SPEC D change-plan: POST /v1/subscription_items/{item} with price, create_prorations and key change-plan-<id>-<slug>-<minute>', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_cp', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_cp' })
    const response = await client
      .post(urlFor('api.subscriptions.change_plan'))
      .json({ planSlug: 'plus' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().planSlug, 'plus')
    assert.equal(response.body().limits.aiCredits, 500)
    assert.lengthOf(stripe.writes(`/v1/subscriptions/${sub.id}`), 0, 'not subscriptions.update')
    const [write] = stripe.writes(`/v1/subscription_items/${sub.items.data[0].id}`)
    assert.equal(write.form.proration_behavior, 'create_prorations')
    assert.equal(write.form.price, PRICE_PLUS)
    assert.match(write.idempotencyKey!, new RegExp(`^change-plan-${user.id}-plus-\\d+$`))
    // The provider emits customer.subscription.updated with the new price (webhooks settle it).
    const [event] = stripe.takeEvents()
    assert.equal(event.type, 'customer.subscription.updated')
    assert.equal(event.data.object.items.data[0].price.id, PRICE_PLUS)
  })

  test('SPEC D change-plan to free resolves to auto-renew off', async ({ client, assert }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_cf', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_cf' })
    const response = await client
      .post(urlFor('api.subscriptions.change_plan'))
      .json({ planSlug: 'free' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().planSlug, 'pro')
    assert.equal(response.body().cancelAtPeriodEnd, true)
    const [write] = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.equal(write.form.cancel_at_period_end, 'true')
    assert.match(write.idempotencyKey!, new RegExp(`^auto-renew-${user.id}-off-\\d+$`))
  })

  test('SPEC D preview-proration: create-preview (form-encoded) → { amount_due, currency, approximate: false }', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_pv', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_pv' })
    stripe.previewAmount = 987
    const response = await client
      .post(urlFor('api.subscriptions.preview_proration'))
      .json({ planSlug: 'plus' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { amount_due: 987, currency: 'usd', approximate: false })
    const call = stripe.writes('/v1/invoices/create_preview')[0]
    assert.equal(call.contentType?.split(';')[0], 'application/x-www-form-urlencoded')
    assert.equal(call.form.subscription, sub.id)
    assert.equal(call.form.subscription_details.items[0].price, PRICE_PLUS)
    assert.equal(call.form.subscription_details.proration_behavior, 'create_prorations')
    assert.isUndefined(stripe.requests.find((r) => r.path.includes('upcoming')))
  })

  test('CONTRACT 12: preview on a provider failure answers 200 with the price difference and approximate: true', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_pf', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_pf' })
    stripe.failNext(10, { match: (r) => r.path === '/v1/invoices/create_preview' })
    const response = await client
      .post(urlFor('api.subscriptions.preview_proration'))
      .json({ planSlug: 'plus' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { amount_due: 1000, currency: 'usd', approximate: true })
    assert.lengthOf(stripe.writes('/v1/invoices/create_preview'), 4) // 1 + 3 retries
  }).timeout(30000)

  test('SPEC D pause: keep_as_draft, resumes_at = period end + one month (unix), key pause-<id>-<minute>; resume clears it', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const periodEnd = DateTime.fromISO('2030-03-31T12:00:00Z', { zone: 'utc' })
    const sub = stripe.addSubscription({
      customer: 'cus_pa',
      priceId: PRICE_PRO,
      currentPeriodEnd: Math.floor(periodEnd.toSeconds()),
    })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_pa', periodEnd })
    const response = await client.post(urlFor('api.subscriptions.pause')).withCsrfToken().loginAs(user)
    response.assertStatus(200)
    const expected = Math.floor(periodEnd.plus({ months: 1 }).toSeconds())
    const [write] = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.equal(write.form.pause_collection.behavior, 'keep_as_draft')
    assert.equal(write.form.pause_collection.resumes_at, String(expected))
    assert.match(write.idempotencyKey!, new RegExp(`^pause-${user.id}-\\d+$`))
    assert.equal(response.body().pauseCollectionResumesAt, new Date(expected * 1000).toISOString())
    assert.equal(response.body().status, 'active')

    const resumed = await client.post(urlFor('api.subscriptions.resume')).withCsrfToken().loginAs(user)
    resumed.assertStatus(200)
    assert.isNull(resumed.body().pauseCollectionResumesAt)
    const resumeWrite = stripe.writes(`/v1/subscriptions/${sub.id}`)[1]
    assert.equal(resumeWrite.form.pause_collection, '')
    assert.match(resumeWrite.idempotencyKey!, new RegExp(`^resume-${user.id}-\\d+$`))
  })

  test('SPEC D: provider failures are retried 3 times with the same idempotency key, then 500 with a safe message', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_rt', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_rt' })
    stripe.failNext(4, { match: (r) => r.method === 'POST' })
    const response = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: false })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(500)
    assert.equal(response.body().code, 'INTERNAL_SERVER_ERROR')
    assert.notMatch(response.body().message, /Simulated|stripe|api_error/i)
    const writes = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.lengthOf(writes, 4)
    assert.equal(new Set(writes.map((w) => w.idempotencyKey)).size, 1)
    assert.equal((await subscriptionRow(user.id)).cancelAtPeriodEnd, false)
  }).timeout(30000)

  test('SPEC D: a failure that recovers within the retries succeeds (dropped connections too)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sub = stripe.addSubscription({ customer: 'cus_rc', priceId: PRICE_PRO })
    await subscribeLocally(user, { subscriptionId: sub.id, customerId: 'cus_rc' })
    stripe.failNext(2, { mode: 'close', match: (r) => r.method === 'POST' })
    const response = await client
      .patch(urlFor('api.subscriptions.auto_renew'))
      .json({ enabled: false })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().cancelAtPeriodEnd, true)
    assert.lengthOf(stripe.appliedWrites(`/v1/subscriptions/${sub.id}`), 1)
  }).timeout(30000)

  test('SPEC D: a free user cannot pause or change plan without a paid subscription (400)', async ({ client }) => {
    const user = await createUser()
    const pause = await client.post(urlFor('api.subscriptions.pause')).withCsrfToken().loginAs(user)
    pause.assertStatus(400)
    const change = await client
      .post(urlFor('api.subscriptions.change_plan'))
      .json({ planSlug: 'pro' })
      .withCsrfToken()
      .loginAs(user)
    change.assertStatus(400)
  })

  test('CONTRACT 3: billing mutations need the CSRF header', async ({ client }) => {
    const user = await User.create({
      email: 'csrf-billing@example.com',
      password: 'secret-password',
      role: 'user',
      emailVerified: true,
    })
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

  test('/settings/billing and /pricing read the subscription once (controller and shared page props share it)', async ({
    client,
    assert,
  }) => {
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
    const user = await createUser()
    await subscribeLocally(user, { subscriptionId: 'sub_pricing_redirect' })
    const response = await client.get(urlFor('pages.pricing')).header('accept', 'text/html').loginAs(user).redirects(0)
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/settings/billing')
  })
})
