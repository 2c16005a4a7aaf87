import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import FlagsSeeder from '#database/seeders/30_flags_seeder'
import { setFlag } from '#tests/support/flags'

test.group('Flags / seeder (CONTRACT 12 demo flags)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('seeds the four flags (OCR off), idempotent, never flips an existing flag', async ({ assert }) => {
    await setFlag('enable_ads', false)
    await new FlagsSeeder(db.connection()).run()
    await new FlagsSeeder(db.connection()).run()
    const rows = await db
      .from('feature_flags')
      .whereIn('name', ['enable_ai_tools', 'enable_uploads', 'enable_ads', 'enable_ocr_processing'])
      .orderBy('name')
    assert.deepEqual(
      rows.map((r) => [r.name, Boolean(r.is_enabled)]),
      [
        ['enable_ads', false],
        ['enable_ai_tools', true],
        ['enable_ocr_processing', false],
        ['enable_uploads', true],
      ]
    )
  })
})
