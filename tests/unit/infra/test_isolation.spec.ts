import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { BillingSettings } from '#services/billing/billing_settings'
import { swapSettings } from '#tests/support/settings'

/*
| tests/bootstrap.ts: what one test of a group swaps and does not undo (settings, environment
| knobs) is undone when it ends; what the group swapped in its setup stays for every test.
| The tests run in order: the second reads what the first left behind.
*/
test.group('Test isolation / a test of a group leaks nothing into the next', (group) => {
  group.setup(() => swapSettings(BillingSettings, { stripeApiUrl: 'http://group.invalid' }))

  test('a test swaps a setting and sets an environment knob without undoing them', async ({ assert }) => {
    swapSettings(BillingSettings, { stripeApiUrl: 'http://test.invalid' })
    process.env.STUDYHUB_ISOLATION_PROBE = 'left behind'
    assert.equal((await app.container.make(BillingSettings)).stripeApiUrl, 'http://test.invalid')
  })

  test('the next test sees the group setting again, and no knob', async ({ assert }) => {
    assert.equal((await app.container.make(BillingSettings)).stripeApiUrl, 'http://group.invalid')
    assert.notProperty(process.env, 'STUDYHUB_ISOLATION_PROBE')
  })
})
