import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import User from '#models/user'

/**
 * docs/rules/billing.md#mutations (issue 29 item 4): the quick start has no Stripe settings. Checkout, the
 * billing portal and document purchases answer at once with 503 PAYMENTS_NOT_CONFIGURED and a human message; no
 * provider call is tried (before, the SDK retried for seconds, then a 500).
 */
test.group('Billing / payments not configured (CONTRACT 15)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => swapSettings(BillingSettings, { stripeSecretKey: undefined, stripeApiUrl: undefined }))

  test('checkout, portal and purchase answer 503 PAYMENTS_NOT_CONFIGURED at once', async ({ client, assert }) => {
    const user = await createUser()
    await User.query().where('id', user.id).update({ payment_customer_id: 'cus_demo' })
    const document = await createDocument({ accessLevel: 'paid', price: 799, currency: 'eur' })
    const calls = [
      client.post(urlFor('api.subscriptions.checkout')).json({ planSlug: 'pro', billingInterval: 'month' }),
      client.post(urlFor('api.subscriptions.portal')),
      client.post(urlFor('api.billing.documents.purchase', { id: document.id })),
    ]
    for (const call of calls) {
      const response = await call.withCsrfToken().loginAs(user)
      response.assertStatus(503)
      assert.equal(response.body().code, 'PAYMENTS_NOT_CONFIGURED')
      assert.equal(response.body().status, 503)
      assert.match(response.body().message, /not set up/)
    }
  })

  test('/pricing and /settings/billing say so up front; with a key they do not', async ({ client, assert }) => {
    const user = await createUser()
    const notice = 'data-testid="payments-not-configured"'
    assert.include((await client.get(urlFor('pages.pricing'))).text(), notice)
    assert.include((await client.get(urlFor('pages.settings.billing')).loginAs(user)).text(), notice)
    swapSettings(BillingSettings, { stripeSecretKey: 'sk_test_configured' })
    assert.notInclude((await client.get(urlFor('pages.pricing'))).text(), notice)
    assert.notInclude((await client.get(urlFor('pages.settings.billing')).loginAs(user)).text(), notice)
  })
})
