import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { getPage } from '#tests/support/page_object'
import { createDocument } from '#tests/support/catalog'
import { Findings, inBatches, label, naughtyEntries } from '#tests/support/blns'

/*
| Every string of the Big List of Naughty Strings in an address: as a catalog slug (API and
| pages) and as the search `q` of the documents page. The contract's 404 (or 400) from the API,
| a 4xx page, never a 5xx; a query shown back on the page is escaped.
*/
test.group('Hostile input / naughty strings in catalog addresses', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(300_000)

  test('each string as `q` of the documents page: it renders with the query escaped, never 5xx', async ({
    client,
    assert,
  }) => {
    await createDocument({ title: 'Naughty strings' })
    const found = new Findings()
    await inBatches(naughtyEntries(), 4, async ([i, s]) => {
      const what = label(i, s)
      const response = await getPage(client, `/documents?${new URLSearchParams({ q: s })}`)
      found.check(response.status() < 500, `${what} as q of /documents: ${response.status()}`)
      if (response.status() === 200 && s.includes('<')) {
        found.check(!response.text().includes(s), `${what}: the query is written raw into the page`)
      }
    })
    found.assertNone(assert)
  })

  test('each string as a catalog slug: the contract 404 from the API, a 404 page, never 5xx', async ({
    client,
    assert,
  }) => {
    await createDocument()
    const found = new Findings()
    const addresses = naughtyEntries().filter(([, s]) => s !== '')
    await inBatches(addresses, 8, async ([i, s]) => {
      const what = label(i, s)
      const encoded = encodeURIComponent(s)
      for (const path of [
        `/api/documents/${encoded}`,
        `/api/courses/${encoded}`,
        `/api/institutions/${encoded}`,
        `/api/institutions/${encoded}/courses`,
      ]) {
        const response = await client.get(path)
        if (found.answered(response, `${what} in ${path}`))
          found.check(response.status() >= 400, `${what}: ${path} 2xx`)
      }
      for (const path of [`/documents/${encoded}`, `/courses/${encoded}`, `/institutions/${encoded}`]) {
        const page = await getPage(client, path)
        found.check(page.status() >= 400 && page.status() < 500, `${what} in ${path}: ${page.status()}`)
      }
    })
    found.assertNone(assert)
  })
})
