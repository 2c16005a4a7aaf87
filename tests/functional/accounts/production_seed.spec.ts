import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import Database from 'better-sqlite3'
import { mustRunAce, scratchApp } from '#tests/support/scratch_ace'

/*
| Issue 23 item 5: `node ace db:seed` in production loads plan prices and flags and nothing
| personal (no demo@example.com / admin@example.com with the README's password). Each run is a
| child process with its own NODE_ENV and a scratch SQLite file, so nothing leaks into the suite.
*/
async function seededRows(nodeEnv: 'production' | 'development') {
  const scratch = scratchApp(nodeEnv, { LOG_LEVEL: 'error' })
  try {
    await mustRunAce(['migration:run', '--force'], scratch.env)
    await mustRunAce(['db:seed'], scratch.env)
    const connection = new Database(app.makePath(scratch.file), { readonly: true })
    try {
      const count = (table: string) => Number((connection.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as any).n)
      return {
        users: count('users'),
        documents: count('documents'),
        institutions: count('institutions'),
        prices: count('subscription_plan_prices'),
        flags: (connection.prepare('SELECT name FROM feature_flags ORDER BY name').all() as any[]).map((r) => r.name),
      }
    } finally {
      connection.close()
    }
  } finally {
    scratch.remove()
  }
}

test.group('Seeders by environment (issue 23 item 5)', () => {
  test('production: db:seed creates no user and no demo catalog, but plan prices and flags', async ({ assert }) => {
    const rows = await seededRows('production')
    assert.equal(rows.users, 0, 'no demo or admin account in production')
    assert.equal(rows.documents, 0, 'no demo documents in production')
    assert.equal(rows.institutions, 0, 'no demo catalog in production')
    assert.isAtLeast(rows.prices, 3, 'the plan catalog is loaded')
    assert.deepEqual(rows.flags, ['enable_ads', 'enable_ai_tools', 'enable_ocr_processing', 'enable_uploads'])
  }).timeout(120000)

  test('development (npm start): the demo accounts, catalog and workspace are seeded', async ({ assert }) => {
    const rows = await seededRows('development')
    assert.equal(rows.users, 2)
    assert.isAbove(rows.documents, 100)
    assert.isAtLeast(rows.prices, 3)
    assert.deepEqual(rows.flags, ['enable_ads', 'enable_ai_tools', 'enable_ocr_processing', 'enable_uploads'])
  }).timeout(120000)
})
