import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { sourceFiles, withoutComments } from '#tests/support/source_files'

/**
 * Issue 24: the subscription tables have one writer, the sync's (subscription_writer.ts), and
 * the development bypass is decided in one place (plan_policy.ts). This reads the source the
 * app runs (app/, commands/, start/, database/seeders/) and names every file that breaks either.
 */
const WRITER = 'app/services/billing/subscription_writer.ts'
const POLICY = 'app/services/billing/plan_policy.ts'
const MODELS = ['app/models/user_subscription.ts', 'app/models/subscription_usage.ts']

const sources = () => sourceFiles(['app', 'commands', 'start', 'database/seeders'])
const code = withoutComments

/** A statement that writes the subscription tables, by the ways this codebase writes. */
export function writesSubscriptionTables(text: string): string[] {
  const src = code(text)
  const found: string[] = []
  if (/['"`](user_subscriptions|subscription_usages)['"`]/.test(src)) found.push('names a subscription table')
  if (
    /\b(UserSubscription|SubscriptionUsage)\s*\.\s*(create|createMany|updateOrCreate|updateOrCreateMany|firstOrCreate|fetchOrCreateMany)\s*\(/.test(
      src
    )
  ) {
    found.push('creates through a subscription model')
  }
  if (
    /\b(UserSubscription|SubscriptionUsage)\s*\.\s*query\([^)]*\)[\s\S]{0,200}?\.\s*(update|delete|del|increment|decrement)\s*\(/.test(
      src
    )
  ) {
    found.push('updates through a subscription model query')
  }
  // A row obtained from the billing read model, then saved.
  const holdsRows =
    /\b(UserSubscription|SubscriptionUsage|lockSubscription|subscriptionFor|subscriptionForRequest)\b/.test(src)
  if (holdsRows && /\.\s*(save|delete)\s*\(\s*\)/.test(src)) found.push('saves a subscription row')
  return found
}

test.group('Billing boundaries (issue 24)', () => {
  test('only the sync writer writes user_subscriptions and subscription_usages', ({ assert }) => {
    const offenders = sources()
      .filter((f) => f.path !== WRITER && !MODELS.includes(f.path))
      .flatMap((f) => writesSubscriptionTables(f.text).map((why) => `${f.path}: ${why}`))
    assert.deepEqual(offenders, [])
  })

  test('the scan recognises the writes that lived outside the sync before', ({ assert }) => {
    // The lazy free row (subscription_store), assignPlan (plan_assignment) and the credit spend.
    assert.isNotEmpty(writesSubscriptionTables(`await client.knexQuery().table('user_subscriptions').insert({})`))
    assert.isNotEmpty(
      writesSubscriptionTables(
        `const row = await lockSubscription(userId, trx)\nrow.status = 'active'\nawait row.save()`
      )
    )
    assert.isNotEmpty(
      writesSubscriptionTables(
        `await client.from('subscription_usages').where('id', 1).increment('ai_credits_used', 1)`
      )
    )
    assert.isNotEmpty(
      writesSubscriptionTables(`await UserSubscription.query().where('user_id', 1).update({ status: 'active' })`)
    )
    assert.isEmpty(writesSubscriptionTables(`const row = await subscriptionFor(userId)\nreturn row.planSlug`))
    // The writer itself is recognised as a writer (so excluding it is what lets the test pass).
    assert.isNotEmpty(writesSubscriptionTables(readFileSync(app.makePath(WRITER), 'utf8')))
  })

  test('the development bypass is read in one place, the plan policy', ({ assert }) => {
    const readers = sources()
      .filter((f) => /devBypassSubscription|DEV_BYPASS_SUBSCRIPTION/.test(code(f.text)))
      .map((f) => f.path)
      .sort()
    // config/billing.ts defines the setting and start/env.ts validates it; only the policy reads it.
    assert.deepEqual(readers, [POLICY, 'start/env.ts'].sort())
  })
})
