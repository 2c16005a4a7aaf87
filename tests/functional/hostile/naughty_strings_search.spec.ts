import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createDocument } from '#tests/support/catalog'
import { Findings, NAUGHTY, acceptableTitle, inBatches, label, naughtyEntries } from '#tests/support/blns'

/*
| Every string of the Big List of Naughty Strings as the catalog's search `q` (the three public
| lists, the suggestions and the documents page) and as the other list parameters: 200 or the
| contract's 4xx, never 5xx, on SQLite and PostgreSQL alike (the catalog search builds SQL of
| its own on each). Some stored titles are naughty too, so the search reads them back.
*/
test.group('Hostile input / naughty strings in the catalog search', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // About 2,000 searches; PostgreSQL on a loaded 2-core CI machine needs minutes.
  group.each.timeout(600_000)

  async function seedNaughtyTitles() {
    const titles = NAUGHTY.filter((s) => acceptableTitle(s)).filter((_, i) => i % 15 === 0)
    for (const title of titles) await createDocument({ title, description: title })
  }

  test('each string as `q` of the public lists and the suggestions: 200 or 4xx, never 5xx', async ({
    client,
    assert,
  }) => {
    await seedNaughtyTitles()
    const found = new Findings()
    await inBatches(naughtyEntries(), 4, async ([i, s]) => {
      const what = label(i, s)
      for (const path of ['/api/institutions', '/api/courses', '/api/documents', '/api/search/suggest']) {
        const response = await client.get(`${path}?${new URLSearchParams({ q: s })}`)
        if (found.answered(response, `${what} as q of ${path}`)) {
          found.check(response.status() === 200 || s.length > 2000, `${what} as q of ${path}: ${response.status()}`)
          if (response.status() === 200) found.check(Array.isArray(response.body().data), `${what}: ${path} data`)
        }
      }
    })
    found.assertNone(assert)
  })

  test('each string as `page`, `limit` and `sort`: 200 or the contract 400, never 5xx', async ({ client, assert }) => {
    const found = new Findings()
    await inBatches(naughtyEntries(), 8, async ([i, s]) => {
      const what = label(i, s)
      for (const key of ['page', 'limit', 'sort']) {
        const response = await client.get(`/api/documents?${new URLSearchParams({ [key]: s })}`)
        found.answered(response, `${what} as ${key}`)
      }
    })
    found.assertNone(assert)
  })
})
