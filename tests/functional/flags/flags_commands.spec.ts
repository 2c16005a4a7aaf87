import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import FlagsList from '../../../commands/flags_list.js'
import FlagsCreate from '../../../commands/flags_create.js'
import FlagsToggle from '../../../commands/flags_toggle.js'
import FlagsDelete from '../../../commands/flags_delete.js'
import featureFlags from '#services/flags/feature_flags'

function lastJson(command: { logger: { getLogs(): { message: string }[] } }) {
  const logs = command.logger.getLogs()
  return JSON.parse(logs[logs.length - 1].message)
}

test.group('Flags / ace commands (CONTRACT 9)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('flags:create with every option creates through the service (audited as cli)', async ({ assert }) => {
    const command = await ace.create(FlagsCreate, [
      'enable_from_cli',
      '--enabled',
      '--environment=test',
      '--description=From the CLI',
      '--json',
    ])
    await command.exec()
    command.assertSucceeded()
    const body = lastJson(command)
    assert.equal(body.name, 'enable_from_cli')
    assert.strictEqual(body.is_enabled, true)
    assert.equal(body.environment, 'test')
    assert.equal(body.description, 'From the CLI')
    assert.isTrue(await featureFlags.isEnabled('enable_from_cli'))
    const audit = await db.from('feature_flag_audits').where('flag_name', 'enable_from_cli').first()
    assert.equal(audit.actor, 'cli')
  })

  test('flags:create refuses a bad prefix and a duplicate with a non-zero exit', async ({ assert }) => {
    const bad = await ace.create(FlagsCreate, ['uploads', '--json'])
    await bad.exec()
    bad.assertFailed()
    assert.equal(lastJson(bad).error.code, 'BAD_REQUEST')
    await (await ace.create(FlagsCreate, ['enable_dup'])).exec()
    const dup = await ace.create(FlagsCreate, ['enable_dup', '--json'])
    await dup.exec()
    dup.assertFailed()
    assert.equal(lastJson(dup).error.code, 'CONFLICT')
    const env = await ace.create(FlagsCreate, ['enable_env_bad', '--environment=qa'])
    await env.exec()
    env.assertFailed()
  })

  test('flags:create refuses the names and descriptions the admin API refuses (spaces, unicode, too long)', async ({
    assert,
  }) => {
    const refused = [
      ['enable_a b'],
      ['enable_café'],
      ['enable_/x'],
      [`enable_${'a'.repeat(100)}`],
      ['enable_long_description', `--description=${'d'.repeat(501)}`],
    ]
    const before = (await db.from('feature_flags').select('name')).map((row) => row.name)
    for (const args of refused) {
      const command = await ace.create(FlagsCreate, [...args, '--json'])
      await command.exec()
      command.assertFailed()
      assert.equal(lastJson(command).error.code, 'BAD_REQUEST', args[0])
    }
    const rows = await db.from('feature_flags').whereLike('name', 'enable_%').whereNotIn('name', before)
    assert.lengthOf(rows, 0)
    const ok = await ace.create(FlagsCreate, ['enable_Mixed.case:ok-1', '--json'])
    await ok.exec()
    ok.assertSucceeded()
  })

  test('flags:toggle flips and the cache follows; a missing flag fails', async ({ assert }) => {
    await (await ace.create(FlagsCreate, ['enable_cli_toggle'])).exec()
    assert.isFalse(await featureFlags.isEnabled('enable_cli_toggle'))
    const toggle = await ace.create(FlagsToggle, ['enable_cli_toggle', '--json'])
    await toggle.exec()
    toggle.assertSucceeded()
    assert.deepEqual(lastJson(toggle), { name: 'enable_cli_toggle', is_enabled: true })
    assert.isTrue(await featureFlags.isEnabled('enable_cli_toggle'))
    const missing = await ace.create(FlagsToggle, ['enable_absent'])
    await missing.exec()
    missing.assertFailed()
  })

  test('flags:list --json lists the flags; flags:delete removes one', async ({ assert }) => {
    await (await ace.create(FlagsCreate, ['enable_cli_listed', '--enabled'])).exec()
    const list = await ace.create(FlagsList, ['--json'])
    await list.exec()
    list.assertSucceeded()
    assert.include(
      lastJson(list).data.map((f: any) => f.name),
      'enable_cli_listed'
    )
    const human = await ace.create(FlagsList, [])
    await human.exec()
    human.assertSucceeded()
    const del = await ace.create(FlagsDelete, ['enable_cli_listed', '--json'])
    await del.exec()
    del.assertSucceeded()
    assert.deepEqual(lastJson(del), { deleted: true, name: 'enable_cli_listed' })
    assert.isNull(await db.from('feature_flags').where('name', 'enable_cli_listed').first())
    assert.isFalse(await featureFlags.isEnabled('enable_cli_listed'))
    const again = await ace.create(FlagsDelete, ['enable_cli_listed'])
    await again.exec()
    again.assertFailed()
  })
})
