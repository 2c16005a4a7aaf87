import { test } from '@japa/runner'
import { subscribedUser } from '#tests/support/billing_users'
import { api, assertErrorBody } from '#tests/support/http'
import { DateTime } from 'luxon'
import { PRICE_PLUS, subscriptionRow, withStripeGroup } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

let stripe: StripeTestServer

const minute = () => Math.floor(Date.now() / 60000)

/*
| Subscription changes (docs/rules/billing.md#mutations): auto-renew, change-plan, preview, pause
| and resume, each against the local Stripe server (idempotency keys, retries, guards on
| non-active subscriptions).
*/
test.group('Billing API / SPEC D subscription changes', (group) => {
  withStripeGroup(group, (server) => (stripe = server))

  test('auto-renew off/on: cancel_at_period_end, idempotency key, refreshed view', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_ar')
    const off = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
    off.assertStatus(200)
    assert.equal(off.body().cancelAtPeriodEnd, true)
    assert.equal(off.body().status, 'active')
    const [write] = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.equal(write.form.cancel_at_period_end, 'true')
    assert.oneOf(write.idempotencyKey, [
      `auto-renew-${user.id}-off-${minute()}`,
      `auto-renew-${user.id}-off-${minute() - 1}`,
    ])

    const on = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: true })
    on.assertStatus(200)
    assert.equal(on.body().cancelAtPeriodEnd, false)
    assert.match(
      stripe.writes(`/v1/subscriptions/${sub.id}`)[1].idempotencyKey!,
      new RegExp(`^auto-renew-${user.id}-on-\\d+$`)
    )
  })

  test('a double click inside one minute yields one provider write (same key)', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_dc')
    const first = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
    const second = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
    first.assertStatus(200)
    second.assertStatus(200)
    const writes = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.lengthOf(writes, 2)
    assert.equal(writes[0].idempotencyKey, writes[1].idempotencyKey)
    assert.lengthOf(stripe.appliedWrites(`/v1/subscriptions/${sub.id}`), 1)
  })

  test('non-active subscriptions get 400 on auto-renew off, plan change, pause, resume', async ({ client, assert }) => {
    const { user } = await subscribedUser(stripe, 'cus_pd', { status: 'past_due', statusReason: 'payment_failed' })
    for (const [method, url, body] of [
      ['patch', urlFor('api.subscriptions.auto_renew'), { enabled: false }],
      ['post', urlFor('api.subscriptions.change_plan'), { planSlug: 'plus' }],
      ['post', urlFor('api.subscriptions.pause'), {}],
      ['post', urlFor('api.subscriptions.resume'), {}],
    ] as const) {
      const response = await api(client, user)[method](url, body)
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    }
    assert.lengthOf(stripe.writes('/v1/subscriptions'), 0)
  })

  test('auto-renew on reverts an end-of-period cancel even when not active', async ({ client, assert }) => {
    const { user } = await subscribedUser(stripe, 'cus_rv', { status: 'past_due', cancelAtPeriodEnd: true })
    const response = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: true })
    response.assertStatus(200)
    assert.equal(response.body().cancelAtPeriodEnd, false)
  })

  test('auto-renew on clears a cancel the portal scheduled by date (cancel_at)', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_ca')
    sub.cancel_at = Math.floor(Date.now() / 1000) + 10 * 86_400
    const row = await subscriptionRow(user.id)
    await row.merge({ cancelAtPeriodEnd: true }).save()

    const on = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: true })
    on.assertStatus(200)
    assert.equal(on.body().cancelAtPeriodEnd, false)
    assert.isNull(stripe.subscriptions.get(sub.id).cancel_at, 'the provider no longer ends it')
    assert.isFalse((await subscriptionRow(user.id)).cancelAtPeriodEnd)
  })

  test('change-plan: POST /v1/subscription_items/{item}, prorations and its key', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_cp')
    const response = await api(client, user).post(urlFor('api.subscriptions.change_plan'), { planSlug: 'plus' })
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
    const { user, sub } = await subscribedUser(stripe, 'cus_cf')
    const response = await api(client, user).post(urlFor('api.subscriptions.change_plan'), { planSlug: 'free' })
    response.assertStatus(200)
    assert.equal(response.body().planSlug, 'pro')
    assert.equal(response.body().cancelAtPeriodEnd, true)
    const [write] = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.equal(write.form.cancel_at_period_end, 'true')
    assert.match(write.idempotencyKey!, new RegExp(`^auto-renew-${user.id}-off-\\d+$`))
  })

  test('preview-proration: create-preview → { amount_due, currency, approximate }', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_pv')
    stripe.previewAmount = 987
    const response = await api(client, user).post(urlFor('api.subscriptions.preview_proration'), { planSlug: 'plus' })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { amount_due: 987, currency: 'usd', approximate: false })
    const call = stripe.writes('/v1/invoices/create_preview')[0]
    assert.equal(call.contentType?.split(';')[0], 'application/x-www-form-urlencoded')
    assert.equal(call.form.subscription, sub.id)
    assert.equal(call.form.subscription_details.items[0].price, PRICE_PLUS)
    assert.equal(call.form.subscription_details.proration_behavior, 'create_prorations')
    assert.isUndefined(stripe.requests.find((r) => r.path.includes('upcoming')))
  })

  test('preview on a provider failure: 200 with the price difference, approximate', async ({ client, assert }) => {
    const { user } = await subscribedUser(stripe, 'cus_pf')
    stripe.failNext(10, { match: (r) => r.path === '/v1/invoices/create_preview' })
    const response = await api(client, user).post(urlFor('api.subscriptions.preview_proration'), { planSlug: 'plus' })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { amount_due: 1000, currency: 'usd', approximate: true })
    assert.lengthOf(stripe.writes('/v1/invoices/create_preview'), 4) // 1 + 3 retries
  }).timeout(30000)

  test('pause: keep_as_draft, resumes_at one month after period end; resume clears', async ({ client, assert }) => {
    const periodEnd = DateTime.fromISO('2030-03-31T12:00:00Z', { zone: 'utc' })
    const { user, sub } = await subscribedUser(stripe, 'cus_pa', { periodEnd })
    const response = await api(client, user).post(urlFor('api.subscriptions.pause'))
    response.assertStatus(200)
    const expected = Math.floor(periodEnd.plus({ months: 1 }).toSeconds())
    const [write] = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.equal(write.form.pause_collection.behavior, 'keep_as_draft')
    assert.equal(write.form.pause_collection.resumes_at, String(expected))
    assert.match(write.idempotencyKey!, new RegExp(`^pause-${user.id}-\\d+$`))
    assert.equal(response.body().pauseCollectionResumesAt, new Date(expected * 1000).toISOString())
    assert.equal(response.body().status, 'active')

    const resumed = await api(client, user).post(urlFor('api.subscriptions.resume'))
    resumed.assertStatus(200)
    assert.isNull(resumed.body().pauseCollectionResumesAt)
    const resumeWrite = stripe.writes(`/v1/subscriptions/${sub.id}`)[1]
    assert.equal(resumeWrite.form.pause_collection, '')
    assert.match(resumeWrite.idempotencyKey!, new RegExp(`^resume-${user.id}-\\d+$`))
  })

  test('provider failures are retried 3 times with one key, then a safe 500', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_rt')
    stripe.failNext(4, { match: (r) => r.method === 'POST' })
    const response = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
    assertErrorBody(assert, response, 500, 'INTERNAL_SERVER_ERROR')
    assert.notMatch(response.body().message, /Simulated|stripe|api_error/i)
    const writes = stripe.writes(`/v1/subscriptions/${sub.id}`)
    assert.lengthOf(writes, 4)
    assert.equal(new Set(writes.map((w) => w.idempotencyKey)).size, 1)
    assert.equal((await subscriptionRow(user.id)).cancelAtPeriodEnd, false)
  }).timeout(30000)

  test('a failure that recovers within the retries succeeds (dropped connections too)', async ({ client, assert }) => {
    const { user, sub } = await subscribedUser(stripe, 'cus_rc')
    stripe.failNext(2, { mode: 'close', match: (r) => r.method === 'POST' })
    const response = await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
    response.assertStatus(200)
    assert.equal(response.body().cancelAtPeriodEnd, true)
    assert.lengthOf(stripe.appliedWrites(`/v1/subscriptions/${sub.id}`), 1)
  }).timeout(30000)
})
