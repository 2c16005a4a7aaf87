import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser, countRows, ownedDocument } from '#tests/support/ai'
import { subscribeLocally } from '#tests/support/billing'
import { setFlag } from '#tests/support/flags'
import { swapSettings } from '#tests/support/settings'
import { BillingSettings } from '#services/billing/billing_settings'
import { runAce, scratchApp } from '#tests/support/scratch_ace'
import { CreditsService } from '#services/billing/credits_service'

/*
| DEV_BYPASS_SUBSCRIPTION (docs/rules/billing.md#mutations, issue 24 item 4): decided in one place, the plan
| policy, which the plan-access guard and the credit service both ask. Through a real AI route: with the bypass
| off every plan rule and the credit holds; on, the whole plan guard and the deduction are skipped and nothing
| else is; off again, everything is back; production refuses to boot with it.
*/
test.group('Development bypass: one policy for the guard and the credits', (group) => {
  aiGroup(group)

  async function summary(client: any, user: any, documentId: number) {
    return client
      .post(urlFor('api.ai.tools.run', { toolId: 'summary' }))
      .json({ documentId: String(documentId) })
      .loginAs(user)
      .withCsrfToken()
  }

  async function refusedUsers() {
    const free = await aiUser({ plan: 'free', verified: true })
    const unverified = await aiUser({ plan: 'pro', verified: false })
    const pastDue = await aiUser({ plan: 'pro', verified: true })
    await subscribeLocally(pastDue, { status: 'past_due', statusReason: 'payment_failed' })
    return { free, unverified, pastDue }
  }

  test('off: the plan rules refuse and a generation spends one credit', async ({ client, assert }) => {
    const users = await refusedUsers()
    for (const [name, user] of Object.entries(users)) {
      const doc = await ownedDocument(user.id)
      const response = await summary(client, user, doc.id)
      assert.equal(response.status(), 403, name)
    }
    const pro = await aiUser({ plan: 'pro' })
    const doc = await ownedDocument(pro.id)
    ;(await summary(client, pro, doc.id)).assertStatus(201)
    assert.equal((await new CreditsService(new BillingSettings()).summary(pro.id)).used, 1)
  })

  test('on: the plan guard and the deduction are skipped, and only they', async ({ client, assert }) => {
    const restore = swapSettings(BillingSettings, { devBypassSubscription: true })
    try {
      const users = await refusedUsers()
      for (const [name, user] of Object.entries(users)) {
        const doc = await ownedDocument(user.id)
        const response = await summary(client, user, doc.id)
        assert.equal(response.status(), 201, `${name}: ${JSON.stringify(response.body())}`)
      }
      const pro = await aiUser({ plan: 'pro' })
      const doc = await ownedDocument(pro.id)
      ;(await summary(client, pro, doc.id)).assertStatus(201)
      assert.equal(await countRows('subscription_usages'), 0, 'no credit counted for anyone')

      // Not skipped: sign-in, the feature flag, and the ownership of the scope.
      ;(
        await client
          .post(urlFor('api.ai.tools.run', { toolId: 'summary' }))
          .json({ documentId: String(doc.id) })
          .withCsrfToken()
      ).assertStatus(401)
      const other = await aiUser({ plan: 'pro' })
      assert.equal((await summary(client, other, doc.id)).status(), 403)
      await setFlag('enable_ai_tools', false)
      const flagged = await summary(client, pro, doc.id)
      flagged.assertStatus(403)
      assert.include(flagged.body().message, 'enable_ai_tools')
    } finally {
      restore()
    }
  })

  test('off again: the same requests are refused and counted again', async ({ client, assert }) => {
    const restore = swapSettings(BillingSettings, { devBypassSubscription: true })
    const free = await aiUser({ plan: 'free' })
    const freeDoc = await ownedDocument(free.id)
    ;(await summary(client, free, freeDoc.id)).assertStatus(201)
    restore()
    const again = await summary(client, free, freeDoc.id)
    again.assertStatus(403)
    assert.equal(again.body().upgrade_url, '/pricing')
    const pro = await aiUser({ plan: 'pro' })
    const doc = await ownedDocument(pro.id)
    ;(await summary(client, pro, doc.id)).assertStatus(201)
    assert.equal((await new CreditsService(new BillingSettings()).summary(pro.id)).used, 1)
  })

  test('production refuses to boot with the bypass on', async ({ assert }) => {
    const on = scratchApp('production', { DEV_BYPASS_SUBSCRIPTION: 'true' })
    const off = scratchApp('production')
    try {
      const refused = await runAce(['flags:list', '--json'], on.env)
      assert.notEqual(refused.code, 0)
      assert.include(refused.output, 'DEV_BYPASS_SUBSCRIPTION=true is not allowed when NODE_ENV=production')
      const booted = await runAce(['flags:list', '--json'], off.env)
      assert.notInclude(booted.output, 'DEV_BYPASS_SUBSCRIPTION')
    } finally {
      on.remove()
      off.remove()
    }
  }).timeout(60000)
})
