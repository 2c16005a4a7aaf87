import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import DocumentPurchase from '#models/document_purchase'
import { hasPurchasedDocument } from '#services/billing/entitlements'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { withStripeGroup } from '#tests/support/billing'
import { sendWebhook, stripeEvent } from '#tests/support/billing_webhooks'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { urlFor } from '@adonisjs/core/services/url_builder'

let stripe: StripeTestServer

function completed(userId: number, documentId: number, sessionId = 'cs_test_doc') {
  return stripeEvent('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: 799,
    currency: 'eur',
    client_reference_id: String(userId),
    payment_intent: 'pi_123',
    metadata: { user_id: String(userId), document_id: String(documentId), kind: 'document_purchase' },
  })
}

test.group('One-time document purchase (CONTRACT 13, SPEC D)', (group) => {
  withStripeGroup(group, (server) => (stripe = server), { seed: false })

  test('POST /api/documents/:id/purchase → { url }: payment mode, price, metadata', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ accessLevel: 'paid', price: 799, currency: 'eur' })
    const response = await api(client, user).post(urlFor('api.billing.documents.purchase', { id: document.id }))
    response.assertStatus(200)
    assert.match(response.body().url, /^https:\/\/checkout\.stripe\.test\//)
    const [session] = stripe.writes('/v1/checkout/sessions')
    assert.equal(session.form.mode, 'payment')
    assert.equal(session.form.payment_method_options.card.request_three_d_secure, 'automatic')
    assert.equal(session.form.line_items[0].price_data.unit_amount, '799')
    assert.equal(session.form.line_items[0].price_data.currency, 'eur')
    assert.deepEqual(session.form.metadata, {
      user_id: String(user.id),
      document_id: String(document.id),
      kind: 'document_purchase',
    })
    assert.equal(session.form.client_reference_id, String(user.id))
  })

  test('a paid document without a price defaults to 499 usd', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ accessLevel: 'paid' })
    ;(await api(client, user).post(urlFor('api.billing.documents.purchase', { id: document.id }))).assertStatus(200)
    const [session] = stripe.writes('/v1/checkout/sessions')
    assert.equal(session.form.line_items[0].price_data.unit_amount, '499')
    assert.equal(session.form.line_items[0].price_data.currency, 'usd')
  })

  test('not a paid-level document → 400; missing → 404; anonymous → 401', async ({ client, assert }) => {
    const user = await createUser()
    for (const level of ['free', 'premium', 'locked'] as const) {
      const document = await createDocument({ accessLevel: level })
      ;(await api(client, user).post(urlFor('api.billing.documents.purchase', { id: document.id }))).assertStatus(400)
    }
    ;(await api(client, user).post(urlFor('api.billing.documents.purchase', { id: '99999999' }))).assertStatus(404)
    // An id beyond the integer column (a 500 on PostgreSQL if sent as an id) is a 404 too.
    for (const id of ['99999999999999999999', '2147483648']) {
      const response = await api(client, user).post(urlFor('api.billing.documents.purchase', { id }))
      assertErrorBody(assert, response, 404, 'NOT_FOUND')
    }
    ;(await api(client).post(urlFor('api.billing.documents.purchase', { id: '1' }))).assertStatus(401)
  })

  test("checkout.session.completed (payment) records the purchase once; replays don't", async ({ assert }) => {
    const user = await createUser()
    const document = await createDocument({ accessLevel: 'paid', price: 799, currency: 'eur' })
    const event = completed(user.id, document.id)
    assert.equal((await sendWebhook(event)).status, 200)
    assert.equal((await sendWebhook(event)).status, 200)
    // A different event for the same purchase (provider resend with a new id) is idempotent too.
    assert.equal((await sendWebhook(completed(user.id, document.id, 'cs_test_doc2'))).status, 200)
    const rows = await DocumentPurchase.query().where('user_id', user.id).where('document_id', document.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].amount, 799)
    assert.equal(rows[0].currency, 'eur')
    assert.isTrue(await hasPurchasedDocument(user.id, document.id))
  })

  test('buying twice → 409; the purchase shows under GET /api/my/purchases', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ accessLevel: 'paid', price: 799, currency: 'eur' })
    await sendWebhook(completed(user.id, document.id))
    const again = await api(client, user).post(urlFor('api.billing.documents.purchase', { id: document.id }))
    assertErrorBody(assert, again, 409, 'CONFLICT')
    assert.match(again.body().message, /already bought/i)
    const list = await client.get(urlFor('api.billing.my.purchases')).loginAs(user)
    list.assertStatus(200)
    assert.lengthOf(list.body().data, 1)
    assert.equal(list.body().data[0].document.id, String(document.id))
    assert.equal(list.body().data[0].amount, 799)
  })
})
