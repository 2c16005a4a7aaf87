import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { BillingSettings } from '#services/billing/billing_settings'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import SubscriptionUsage from '#models/subscription_usage'
import featureFlags from '#services/flags/feature_flags'
import { CreditsService } from '#services/billing/credits_service'
import type { ApiError } from '#exceptions/api_error'
import { createUser } from '#tests/support/users'
import { subscribeLocally } from '#tests/support/billing'
import { setFlag } from '#tests/support/flags'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** GET a document's AI summary (a route behind the plan guard) as `user`. */
function summaryOf(client: ApiClient, user: User, documentId = '1') {
  return client.get(urlFor('api.ai.summaries.byDocument', { documentId })).loginAs(user)
}

test.group('Plan-access guard through a real AI route (CONTRACT 4 order)', (group) => {
  group.each.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    await new FeatureFlagAdmin().create({ name: 'enable_ai_tools', isEnabled: true }, 'test').catch(() => {})
    featureFlags.invalidate()
    return () => {
      featureFlags.invalidate()
      return rollback()
    }
  })

  test('anonymous → 401', async ({ client }) => {
    const response = await client.get(urlFor('api.ai.summaries.byDocument', { documentId: '1' }))
    response.assertStatus(401)
  })

  test('past_due → 403 FORBIDDEN (non-active)', async ({ client, assert }) => {
    const user = await createUser({ verified: true })
    await subscribeLocally(user, { status: 'past_due', statusReason: 'payment_failed' })
    const response = await summaryOf(client, user)
    response.assertStatus(403)
    assert.equal(response.body().code, 'FORBIDDEN')
  })

  test('unverified → 403 EMAIL_NOT_VERIFIED { code, message, status }', async ({ client }) => {
    const user = await createUser({ verified: false })
    await subscribeLocally(user, { plan: 'pro' })
    const response = await summaryOf(client, user)
    response.assertStatus(403)
    response.assertBody({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address to use this feature.',
      status: 403,
    })
  })

  test('free plan → 403 FORBIDDEN with upgrade_url /pricing', async ({ client, assert }) => {
    const user = await createUser({ verified: true })
    const response = await summaryOf(client, user)
    response.assertStatus(403)
    assert.equal(response.body().code, 'FORBIDDEN')
    assert.equal(response.body().upgrade_url, '/pricing')
  })

  test('the flag guard runs before the plan guard (disabled flag wins over past_due)', async ({ client, assert }) => {
    const pastDue = await createUser({ verified: false })
    await subscribeLocally(pastDue, { status: 'past_due', statusReason: 'payment_failed' })
    const free = await createUser({ verified: true })
    await setFlag('enable_ai_tools', false)
    for (const user of [pastDue, free]) {
      const response = await summaryOf(client, user)
      response.assertStatus(403)
      assert.equal(response.body().code, 'FORBIDDEN')
      assert.equal(response.body().message, "Feature 'enable_ai_tools' is currently disabled")
      assert.notProperty(response.body(), 'upgrade_url')
    }
    await setFlag('enable_ai_tools', true) // enabled again: now the plan guard answers
    const response = await summaryOf(client, pastDue)
    response.assertStatus(403)
    assert.notEqual(response.body().message, "Feature 'enable_ai_tools' is currently disabled")
    assert.equal(response.body().subscription_status, 'past_due')
  })

  test('active pro passes the guard (the route answers its own result)', async ({ client, assert }) => {
    const user = await createUser({ verified: true })
    await subscribeLocally(user, { plan: 'pro' })
    const response = await summaryOf(client, user, '999999')
    assert.notEqual(response.body()?.upgrade_url, '/pricing')
    assert.notInclude(['EMAIL_NOT_VERIFIED', 'UNAUTHORIZED'], response.body()?.code)
    assert.notEqual(response.status(), 401)
  })
})

test.group('AI credits (CONTRACT 4): concurrency-safe consumption', (group) => {
  const created: number[] = []
  group.teardown(async () => {
    if (created.length) await User.query().whereIn('id', created).delete()
  })

  test('pro has 100 credits; 120 concurrent consumes spend 100, others exhausted', async ({ assert }) => {
    const user = await createUser({ verified: true })
    created.push(user.id)
    await subscribeLocally(user, { plan: 'pro' })
    const credits = new CreditsService(new BillingSettings())
    await credits.assertAvailable(user.id)
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, () => db.transaction((trx) => credits.consume(user.id, trx)))
    )
    const ok = results.filter((r) => r.status === 'fulfilled').length
    const exhausted = results.filter(
      (r) => r.status === 'rejected' && (r.reason as ApiError).code === 'CREDITS_EXHAUSTED'
    ).length
    assert.equal(ok, 100)
    assert.equal(exhausted, 20)
    const usage = await SubscriptionUsage.query().where('user_id', user.id)
    assert.lengthOf(usage, 1)
    assert.equal(usage[0].aiCreditsUsed, 100)
    await assert.rejects(() => credits.assertAvailable(user.id))
    const summary = await credits.summary(user.id)
    assert.equal(summary.remaining, 0)
  }).timeout(60000)

  test('plus has 500 credits; a consume without a transaction works too', async ({ assert }) => {
    const user = await createUser({ verified: true })
    created.push(user.id)
    await subscribeLocally(user, { plan: 'plus' })
    const credits = new CreditsService(new BillingSettings())
    await credits.consume(user.id)
    assert.deepInclude(await credits.summary(user.id), { used: 1, limit: 500, remaining: 499 })
  })

  test('DEV_BYPASS_SUBSCRIPTION=true skips credit deduction', async ({ assert }) => {
    const user = await createUser({ verified: true })
    created.push(user.id)
    const credits = new CreditsService(new BillingSettings({ devBypassSubscription: true }))
    await credits.assertAvailable(user.id)
    await credits.consume(user.id)
    assert.lengthOf(await SubscriptionUsage.query().where('user_id', user.id), 0)
  })
})
