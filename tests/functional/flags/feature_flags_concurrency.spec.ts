import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { createUser } from '#tests/support/users'
import { resetFlagCache } from '#tests/support/flags'
import featureFlags from '#services/flags/feature_flags'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * Concurrency commits for real (no global transaction) and cleans up after itself.
 * docs/rules/flags.md#evaluation: the toggle is an atomic flip in SQL, so N concurrent toggles flip N times.
 */
test.group('Flags / concurrent toggles (SPEC F, committed)', (group) => {
  const name = 'enable_concurrency_probe'
  let userId: number | null = null

  group.each.teardown(async () => {
    await db.from('feature_flag_audits').where('flag_name', name).delete()
    await db.from('feature_flags').where('name', name).delete()
    if (userId) await User.query().where('id', userId).delete()
    resetFlagCache()
  })

  test('two concurrent toggles leave the flag flipped twice (never a lost update)', async ({ client, assert }) => {
    const user = await createUser({ role: 'admin' })
    userId = user.id
    await new FeatureFlagAdmin().create({ name, isEnabled: false }, 'cli')
    const [a, b] = await Promise.all([
      api(client, user).patch(urlFor('api.feature_flags.toggle', { name })),
      api(client, user).patch(urlFor('api.feature_flags.toggle', { name })),
    ])
    a.assertStatus(200)
    b.assertStatus(200)
    // one saw true, the other false: each flipped the value the other one left
    assert.sameMembers([a.body().is_enabled, b.body().is_enabled], [true, false])
    const row = await db.from('feature_flags').where('name', name).first()
    assert.equal(Boolean(row.is_enabled), false)
  })

  test('ten concurrent toggles (API and service) flip ten times, each audited', async ({ client, assert }) => {
    const user = await createUser({ role: 'admin' })
    userId = user.id
    await new FeatureFlagAdmin().create({ name, isEnabled: true }, 'cli')
    await Promise.all([
      ...Array.from({ length: 5 }, () => api(client, user).patch(urlFor('api.feature_flags.toggle', { name }))),
      ...Array.from({ length: 5 }, () => new FeatureFlagAdmin().toggle(name, 'cli')),
    ])
    const row = await db.from('feature_flags').where('name', name).first()
    assert.equal(Boolean(row.is_enabled), true)
    const audits = await db.from('feature_flag_audits').where('flag_name', name).where('action', 'toggle')
    assert.lengthOf(audits, 10)
    assert.equal(await featureFlags.isEnabled(name), true)
  })
})
