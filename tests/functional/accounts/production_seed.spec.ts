import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import Database from 'better-sqlite3'

/*
| Issue 23 item 5: `node ace db:seed` in production loads plan prices and flags and nothing
| personal (no demo@example.com / admin@example.com with the README's password). Each run is a
| child process with its own NODE_ENV and a scratch SQLite file, so nothing leaks into the suite.
*/
const node = app.makePath('node_modules/.bin/node')

function ace(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(node, ['ace.js', ...args], {
      cwd: app.makePath(),
      // A clean environment: the test runner's own settings (memory session and limiter stores)
      // are refused in production.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

async function seededRows(nodeEnv: 'production' | 'development') {
  const file = `tmp/seed-${nodeEnv}-${randomBytes(4).toString('hex')}.sqlite3`
  const env = {
    NODE_ENV: nodeEnv,
    APP_KEY: randomBytes(32).toString('base64url'),
    APP_URL: 'http://127.0.0.1:3333',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: file,
    SESSION_DRIVER: 'cookie',
    LIMITER_STORE: 'database',
    LOG_LEVEL: 'error',
  }
  try {
    const migrated = await ace(['migration:run', '--force'], env)
    if (migrated.code !== 0) throw new Error(`migration:run failed: ${migrated.output}`)
    const seeded = await ace(['db:seed'], env)
    if (seeded.code !== 0) throw new Error(`db:seed failed: ${seeded.output}`)
    const connection = new Database(app.makePath(file), { readonly: true })
    try {
      const count = (table: string) => Number((connection.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as any).n)
      return {
        users: count('users'),
        documents: count('documents'),
        institutions: count('institutions'),
        prices: count('subscription_plan_prices'),
        flags: (connection.prepare('SELECT name FROM feature_flags ORDER BY name').all() as any[]).map((r) => r.name),
        output: seeded.output,
      }
    } finally {
      connection.close()
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(app.makePath(file + suffix), { force: true })
  }
}

test.group('Seeders by environment (issue 23 item 5)', () => {
  test('production: db:seed creates no user and no demo catalog, but plan prices and flags', async ({ assert }) => {
    const rows = await seededRows('production')
    assert.equal(rows.users, 0, 'no demo or admin account in production')
    assert.equal(rows.documents, 0, 'no demo documents in production')
    assert.equal(rows.institutions, 0, 'no demo catalog in production')
    assert.isAtLeast(rows.prices, 3, 'the plan catalog is loaded')
    assert.deepEqual(rows.flags, ['enable_ads', 'enable_ai_tools', 'enable_uploads'])
  }).timeout(120000)

  test('development (npm start): the demo accounts, catalog and workspace are seeded', async ({ assert }) => {
    const rows = await seededRows('development')
    assert.equal(rows.users, 2)
    assert.isAbove(rows.documents, 100)
    assert.isAtLeast(rows.prices, 3)
    assert.deepEqual(rows.flags, ['enable_ads', 'enable_ai_tools', 'enable_uploads'])
  }).timeout(120000)
})
