import { test } from '@japa/runner'
import {
  adPreconditions,
  isAdEligible,
  isPathSuppressed,
  slotIdFor,
  subscriptionAdState,
  type AdEligibilityInput,
} from '../../../inertia/components/ad_eligibility.js'

const base: AdEligibilityInput = {
  placement: 'home',
  pathname: '/',
  flagEnabled: true,
  signedIn: false,
  subscription: null,
  slotIds: ['1234567890'],
  publisherId: 'pub-0000000000000000',
  scriptUrl: 'http://127.0.0.1:9/ads.js',
  scriptState: 'loaded',
}

test.group('Ads / eligibility rules (SPEC "Ad eligibility")', () => {
  test('all rules hold: eligible', ({ assert }) => {
    assert.isTrue(isAdEligible(base))
  })

  test('flag disabled, missing, or still loading: not eligible', ({ assert }) => {
    assert.isFalse(isAdEligible({ ...base, flagEnabled: false }))
    assert.isFalse(isAdEligible({ ...base, flagEnabled: null }))
  })

  test('an active pro or plus user never sees ads; inactive paid plans and free users may', ({ assert }) => {
    // `isActivePaid` is the server's rule (billing/entitlements), handed over as a shared prop.
    assert.isFalse(isAdEligible({ ...base, signedIn: true, subscription: { isActivePaid: true } }))
    assert.isTrue(isAdEligible({ ...base, signedIn: true, subscription: { isActivePaid: false } }))
  })

  test('a signed-in user whose subscription is unknown: hidden while it loads', ({ assert }) => {
    assert.equal(subscriptionAdState(true, null), 'unknown')
    assert.equal(subscriptionAdState(false, null), 'free')
    assert.isFalse(isAdEligible({ ...base, signedIn: true, subscription: null }))
  })

  test('no client configuration (ADS_SLOT_IDS empty): not eligible', ({ assert }) => {
    assert.isFalse(isAdEligible({ ...base, slotIds: [] }))
    assert.isFalse(isAdEligible({ ...base, slotIds: ['', ' '] }))
    assert.isFalse(isAdEligible({ ...base, scriptUrl: '' }))
  })

  test('placement allow-list and suppressed flows (login, signup, pricing, checkout, billing)', ({ assert }) => {
    for (const placement of ['home', 'courses_index', 'course_detail', 'document_detail']) {
      assert.isTrue(isAdEligible({ ...base, placement }), placement)
    }
    assert.isFalse(isAdEligible({ ...base, placement: 'pricing' }))
    assert.isFalse(isAdEligible({ ...base, placement: 'header' }))
    for (const path of ['/login', '/signup', '/pricing', '/checkout', '/settings/billing', '/billing/x']) {
      assert.isTrue(isPathSuppressed(path), path)
      assert.isFalse(isAdEligible({ ...base, pathname: path }), path)
    }
    assert.isFalse(isPathSuppressed('/courses/intro-to-x'))
  })

  test('the script must have loaded; a failed or blocked script renders nothing', ({ assert }) => {
    assert.isTrue(adPreconditions(base))
    assert.isFalse(isAdEligible({ ...base, scriptState: 'loading' }))
    assert.isFalse(isAdEligible({ ...base, scriptState: 'failed' }))
  })

  test('slot ids: per placement (name=id) or the list in placement order', ({ assert }) => {
    assert.equal(slotIdFor('home', ['111', '222']), '111')
    assert.equal(slotIdFor('courses_index', ['111', '222']), '222')
    assert.equal(slotIdFor('course_detail', ['111', '222']), '111')
    assert.equal(slotIdFor('document_detail', ['home=1', 'document_detail=9']), '9')
    assert.isNull(slotIdFor('courses_index', ['home=1']))
  })
})
