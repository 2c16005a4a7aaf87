import { test } from '@japa/runner'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import PlanAccessMiddleware from '#middleware/plan_access_middleware'
import type { ApiError } from '#exceptions/api_error'
import { mapProviderStatus } from '#services/billing/subscription_store'
import { createUser } from '#tests/support/users'
import { subscribeLocally } from '#tests/support/billing'
import type User from '#models/user'

/** A minimal HttpContext: the guard only reads `auth`. */
function fakeCtx(user: User | null) {
  return { auth: { user: user ?? undefined, check: async () => Boolean(user) } } as any
}

async function run(user: User | null, feature?: 'AI_CREDIT' | 'UPLOAD') {
  let nextCalled = false
  try {
    await (
      await app.container.createResolver().make(PlanAccessMiddleware)
    ).handle(
      fakeCtx(user),
      async () => {
        nextCalled = true
      },
      feature ? { feature } : {}
    )
    return { nextCalled, error: null as ApiError | null }
  } catch (error) {
    return { nextCalled, error: error as ApiError }
  }
}

test.group('Plan-access guard (CONTRACT 4 and 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no signed-in user → 401', async ({ assert }) => {
    const { error } = await run(null, 'AI_CREDIT')
    assert.equal(error?.status, 401)
    assert.equal(error?.code, 'UNAUTHORIZED')
  })

  test('non-active local status → 403 FORBIDDEN before the email check', async ({ assert }) => {
    for (const status of ['past_due', 'canceled', 'expired'] as const) {
      const user = await createUser({ verified: false })
      await subscribeLocally(user, { status })
      const { error, nextCalled } = await run(user, 'AI_CREDIT')
      assert.isFalse(nextCalled)
      assert.equal(error?.status, 403)
      assert.equal(error?.code, 'FORBIDDEN', status)
    }
  })

  test('unverified email on AI_CREDIT and UPLOAD → 403 EMAIL_NOT_VERIFIED', async ({ assert }) => {
    const user = await createUser({ verified: false })
    await subscribeLocally(user, { plan: 'pro' })
    for (const feature of ['AI_CREDIT', 'UPLOAD'] as const) {
      const { error } = await run(user, feature)
      assert.equal(error?.status, 403)
      assert.equal(error?.code, 'EMAIL_NOT_VERIFIED')
      assert.equal(error?.message, 'Please verify your email address to use this feature.')
    }
  })

  test('an unverified free user on AI gets EMAIL_NOT_VERIFIED before the plan check', async ({ assert }) => {
    const user = await createUser({ verified: false })
    const { error } = await run(user, 'AI_CREDIT')
    assert.equal(error?.code, 'EMAIL_NOT_VERIFIED')
  })

  test('free plan on AI_CREDIT → 403 FORBIDDEN with the upgrade prompt and upgrade_url', async ({ assert }) => {
    const user = await createUser({ verified: true })
    const { error } = await run(user, 'AI_CREDIT')
    assert.equal(error?.status, 403)
    assert.equal(error?.code, 'FORBIDDEN')
    assert.match(error!.message, /upgrade/i)
    assert.equal(error?.extra.upgrade_url, '/pricing')
  })

  test('free plan on UPLOAD and paid plans on AI_CREDIT pass', async ({ assert }) => {
    const free = await createUser({ verified: true })
    assert.isTrue((await run(free, 'UPLOAD')).nextCalled)
    const pro = await createUser({ verified: true })
    await subscribeLocally(pro, { plan: 'pro' })
    assert.isTrue((await run(pro, 'AI_CREDIT')).nextCalled)
    const plus = await createUser({ verified: true })
    await subscribeLocally(plus, { plan: 'plus' })
    assert.isTrue((await run(plus, 'AI_CREDIT')).nextCalled)
  })

  test('DEV_BYPASS_SUBSCRIPTION=true skips the whole guard', async ({ assert, cleanup }) => {
    cleanup(swapSettings(BillingSettings, { devBypassSubscription: true }))
    const user = await createUser({ verified: false })
    await subscribeLocally(user, { status: 'past_due' })
    assert.isTrue((await run(user, 'AI_CREDIT')).nextCalled)
  })

  test('SPEC mapping table (unit)', ({ assert }) => {
    assert.equal(mapProviderStatus('active'), 'active')
    assert.equal(mapProviderStatus('trialing'), 'active')
    assert.equal(mapProviderStatus('past_due'), 'past_due')
    assert.equal(mapProviderStatus('unpaid'), 'past_due')
    assert.equal(mapProviderStatus('incomplete'), 'past_due')
    assert.equal(mapProviderStatus('canceled'), 'canceled')
    assert.equal(mapProviderStatus('incomplete_expired'), 'expired')
    assert.equal(mapProviderStatus('paused'), 'expired')
    assert.equal(mapProviderStatus('whatever'), 'expired')
  })
})
