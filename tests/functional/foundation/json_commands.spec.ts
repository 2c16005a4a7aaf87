import { test } from '@japa/runner'
import { hostEnv } from '#tests/support/test_run'
import { execFile } from 'node:child_process'
import { mkdir, rm } from 'node:fs/promises'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { appUrl } from '#config/app'
import { freePort } from '#tests/support/free_port'

/*
| docs/rules/operations.md#settings: with --json, an ace command or a studyctl subcommand prints exactly one
| JSON document on stdout; logs go to stderr. Real processes (the bug was pino writing log lines to stdout after
| the JSON), at LOG_LEVEL=info so that every log line would show, on a scratch SQLite database, in development
| and production mode.
*/
const run = promisify(execFile)
const node = app.makePath('node_modules/.bin/node')
const SCRATCH = 'tmp/json-commands'

function processEnv(mode: 'development' | 'production') {
  return {
    PATH: hostEnv().PATH,
    NODE_ENV: mode,
    APP_KEY: 'json-commands-app-key-json-commands',
    APP_URL: 'http://127.0.0.1:3999',
    LOG_LEVEL: 'info',
    SQLITE_FILE: `${SCRATCH}/db.sqlite3`,
    STORAGE_PATH: `${SCRATCH}/storage`,
    SCHEDULER_IN_PROCESS: 'false',
  }
}

async function ace(args: string[], env: Record<string, string | undefined>) {
  try {
    const { stdout, stderr } = await run(node, ['ace.js', ...args], { cwd: app.makePath(), env, timeout: 60_000 })
    return { code: 0, stdout, stderr }
  } catch (error: any) {
    return { code: Number(error.code ?? 1), stdout: String(error.stdout ?? ''), stderr: String(error.stderr ?? '') }
  }
}

/** Exactly one JSON document: the whole of stdout parses. */
function assertOneJsonDocument(assert: any, label: string, stdout: string) {
  let parsed: unknown
  assert.doesNotThrow(
    () => (parsed = JSON.parse(stdout)),
    `${label}: stdout is one JSON document, got ${JSON.stringify(stdout.slice(0, 300))}`
  )
  assert.isObject(parsed, label)
}

const COMMANDS: string[][] = [
  ['user:create', 'json-cli@example.com', '--password=json-password-1', '--verified'],
  ['flags:create', 'enable_json_cli', '--enabled'],
  ['flags:toggle', 'enable_json_cli'],
  ['flags:list'],
  ['flags:delete', 'enable_json_cli'],
  ['catalog:seed', '--institutions=2', '--courses=3', '--documents=4'],
  ['sitemap:regenerate'],
  ['users:backfill-canonical-email'],
  ['billing:set-price', 'pro', 'price_json_cli', '1000'],
  ['scheduler:run'],
  ['scheduler:work', '--ticks=1'],
]

test.group('--json output of every command (CONTRACT 14)', (group) => {
  group.setup(async () => {
    await rm(app.makePath(SCRATCH), { recursive: true, force: true })
    return () => rm(app.makePath(SCRATCH), { recursive: true, force: true })
  })

  test('every ace command prints one JSON document on stdout and logs on stderr (development)', async ({ assert }) => {
    const env = processEnv('development')
    const migrated = await ace(['migration:run', '--force'], env)
    assert.equal(migrated.code, 0, migrated.stderr)
    for (const command of COMMANDS) {
      const result = await ace([...command, '--json'], env)
      assert.equal(result.code, 0, `${command[0]} failed: ${result.stderr}`)
      assertOneJsonDocument(assert, command[0], result.stdout)
    }
    // With a disk configured the regeneration logs its uploads: still on stderr only.
    const stored = await ace(['sitemap:regenerate', '--json'], { ...env, SITEMAP_DISK: 'fs' })
    assertOneJsonDocument(assert, 'sitemap:regenerate (fs disk)', stored.stdout)
  }).timeout(240_000)

  test('sitemap:regenerate and scheduler:run stay one JSON document in production', async ({ assert }) => {
    const env = processEnv('production')
    assert.equal((await ace(['migration:run', '--force'], env)).code, 0)
    for (const command of [['sitemap:regenerate'], ['scheduler:run']]) {
      const result = await ace([...command, '--json'], env)
      assert.equal(result.code, 0, `${command[0]} failed: ${result.stderr}`)
      assertOneJsonDocument(assert, `${command[0]} (production)`, result.stdout)
    }
  }).timeout(120_000)

  test('failures print one JSON document too: an unmigrated database, bad flags, a missing argument', async ({
    assert,
  }) => {
    const scratch = `${SCRATCH}-failures`
    await mkdir(app.makePath(scratch), { recursive: true })
    const env = { ...processEnv('development'), SQLITE_FILE: `${scratch}/db.sqlite3` }
    const failures: string[][] = [
      ['scheduler:run'],
      ['catalog:seed', '--bogus=1'],
      ['catalog:seed', '--institutions=abc'],
      ['flags:create'],
      ['no-such:command'],
    ]
    try {
      for (const command of failures) {
        const result = await ace([...command, '--json'], env)
        assert.equal(result.code, 1, `${command.join(' ')}: ${result.stderr}`)
        assertOneJsonDocument(assert, command.join(' '), result.stdout)
        assert.isString(JSON.parse(result.stdout).error, command.join(' '))
      }
    } finally {
      await rm(app.makePath(scratch), { recursive: true, force: true })
    }
  }).timeout(120_000)

  test('studyctl flags status --json prints one JSON document', async ({ assert }) => {
    const { stdout } = await run(
      process.execPath,
      [app.makePath('bin/studyctl.js'), 'flags', 'status', 'enable_ads', '--api', `${appUrl}/api`, '--json'],
      {
        env: { PATH: hostEnv().PATH },
      }
    )
    assertOneJsonDocument(assert, 'studyctl flags status', stdout)
  })
  test('studyctl failures with --json print one JSON document too', async ({ assert }) => {
    const port = await freePort()
    const failures = [
      ['flags', 'status', 'enable_ads', '--api', `http://127.0.0.1:${port}/api`, '--json'],
      ['flags', 'status', 'enable_ads', '--api', 'ftp://example.com', '--json'],
      ['sitemap', 'check', `http://127.0.0.1:${port}`, '--json'],
      ['sitemap', 'trigger', '--site', `http://127.0.0.1:${port}`, '--secret', 's', '--json'],
      ['flags', 'status', '--bogus', '--json'],
    ]
    for (const args of failures) {
      const result = await run(process.execPath, [app.makePath('bin/studyctl.js'), ...args], {
        env: { PATH: hostEnv().PATH },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: any) => ({ code: Number(error.code ?? 1), stdout: String(error.stdout ?? '') })
      )
      assert.equal(result.code, 1, args.join(' '))
      assertOneJsonDocument(assert, `studyctl ${args.join(' ')}`, result.stdout)
      assert.isString(JSON.parse(result.stdout).error, args.join(' '))
    }
  })
})
