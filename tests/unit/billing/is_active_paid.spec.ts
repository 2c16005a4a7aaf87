import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isActivePaid } from '#services/billing/entitlements'
import { sharedPageProps } from '#services/pages/shared_page_props'

/**
 * Issue 18: "an active paid user" is one rule (billing/entitlements), used by the entitlement
 * check and handed to pages as `subscription.isActivePaid` (ads, the AI upgrade prompt).
 */
test.group('isActivePaid', () => {
  test('only pro or plus with local status active is an active paid user', ({ assert }) => {
    for (const planSlug of ['pro', 'plus']) {
      assert.isTrue(isActivePaid({ planSlug, status: 'active' }), planSlug)
      for (const status of ['past_due', 'canceled', 'expired'])
        assert.isFalse(isActivePaid({ planSlug, status }), `${planSlug} ${status}`)
    }
    assert.isFalse(isActivePaid({ planSlug: 'free', status: 'active' }))
  })

  test('pages receive the same answer as subscription.isActivePaid; signed out, no subscription', ({ assert }) => {
    const summary = {
      planSlug: 'pro' as const,
      status: 'active' as const,
      requiresPaymentAction: false,
      currentPeriodEnd: null,
      pauseCollectionResumesAt: null,
    }
    const user = {
      id: 1,
      email: 'a@example.com',
      username: null,
      emailVerified: true,
      role: 'user',
      createdAt: DateTime.utc(),
    } as any
    assert.isTrue(sharedPageProps({ user, subscription: summary, flash: {} }).subscription?.isActivePaid)
    assert.isFalse(
      sharedPageProps({ user, subscription: { ...summary, status: 'past_due' }, flash: {} }).subscription?.isActivePaid
    )
    assert.isNull(sharedPageProps({ user: null, subscription: summary, flash: {} }).subscription)
  })
})
