import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { assertSearches, createDocument, searchTitles } from '#tests/support/catalog'

/**
 * Catalog search with queries nobody here wrote (docs/decisions/catalog.md "Audit with outside
 * input"). Every expectation holds on SQLite and PostgreSQL alike: the same query gives the
 * same rows on both.
 */
test.group('Catalog search / the same answers on both databases', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('accents do not matter: café, cafe, naïve, Ångström', async ({ client, assert }) => {
    await createDocument({ title: 'Café culture in Paris' })
    await createDocument({ title: 'Cafe economics' })
    await createDocument({ title: 'Naïve Bayes explained' })
    await createDocument({ title: 'Ångström units' })
    await createDocument({ title: 'Español del año' })
    await assertSearches(assert, client, 'documents', {
      'café': ['Cafe economics', 'Café culture in Paris'],
      'cafe': ['Cafe economics', 'Café culture in Paris'],
      'CAFÉ culture': ['Café culture in Paris'],
      'naive bayes': ['Naïve Bayes explained'],
      'angstrom': ['Ångström units'],
      'espanol ano': ['Español del año'],
    })
    const suggest = await client.get(`/api/search/suggest?${new URLSearchParams({ q: 'cafe' })}`)
    assert.sameMembers(
      suggest.body().data.map((row: any) => row.title),
      ['Cafe economics', 'Café culture in Paris']
    )
  })

  test('stop words are ignored wherever they stand; only stop words find nothing', async ({ client, assert }) => {
    await createDocument({ title: 'France: a history' })
    await createDocument({ title: 'The history of Rome' })
    await createDocument({ title: 'The of and' })
    await assertSearches(assert, client, 'documents', {
      'history of france': ['France: a history'],
      'the france': ['France: a history'],
      'rome the': ['The history of Rome'],
      'the': [],
      'the of and': [],
    })
    const onlyStopWords = await client.get('/api/documents?q=the+of+and')
    assert.equal(onlyStopWords.body().meta.total, 0)
  })

  test('ligatures and the sharp s: a PDF title "ﬁnance" and "Straße" are found as typed', async ({
    client,
    assert,
  }) => {
    await createDocument({ title: 'Corporate ﬁnance and eﬃcient markets' })
    await createDocument({ title: 'Die Straße der Geschichte' })
    await createDocument({ title: 'GROẞE Physik' })
    await assertSearches(assert, client, 'documents', {
      'finance': ['Corporate ﬁnance and eﬃcient markets'],
      'ﬁnance efficient': ['Corporate ﬁnance and eﬃcient markets'],
      'eﬃcient': ['Corporate ﬁnance and eﬃcient markets'],
      'strasse': ['Die Straße der Geschichte'],
      'Straße geschichte': ['Die Straße der Geschichte'],
      'grosse physik': ['GROẞE Physik'],
      'große': ['GROẞE Physik'],
    })
  })

  test('a Turkish dotted capital I searches as i', async ({ client, assert }) => {
    await createDocument({ title: 'İstanbul history' })
    await createDocument({ title: 'Istanbul trade routes' })
    await assertSearches(assert, client, 'documents', {
      'İstanbul': ['Istanbul trade routes', 'İstanbul history'],
      'İSTANBUL HISTORY': ['İstanbul history'],
      'istanbul': ['Istanbul trade routes', 'İstanbul history'],
    })
  })

  test('words with combining marks (Devanagari, Arabic with vowel marks) find their rows', async ({
    client,
    assert,
  }) => {
    await createDocument({ title: 'हिन्दी व्याकरण' })
    await createDocument({ title: 'مُعَلِّم الكتابة' })
    await createDocument({ title: 'Русский язык' })
    await createDocument({ title: '中文 语法 基础' })
    await assertSearches(assert, client, 'documents', {
      हिन्दी: ['हिन्दी व्याकरण'],
      व्याकरण: ['हिन्दी व्याकरण'],
      مُعَلِّم: ['مُعَلِّم الكتابة'],
      РУССКИЙ: ['Русский язык'],
      язык: ['Русский язык'],
      语法: ['中文 语法 基础'],
    })
  })
})

test.group('Catalog search / hostile queries and paging', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('engine operators, LIKE wildcards, quotes and control characters are plain text', async ({ client, assert }) => {
    await createDocument({ title: 'Percent 100% pure_math back\\slash' })
    await createDocument({ title: "O'Reilly fourier guide" })
    for (const q of [
      'fourier & x',
      'fourier | guide',
      '!fourier',
      'fourier:*',
      '(fourier)',
      'fourier <-> guide',
      "'fourier'",
      'fourier\u0001',
      '\tfourier\n',
      'fourier\u202e',
      'reilly o',
    ]) {
      assert.deepEqual(
        await searchTitles(client, 'documents', q),
        q === 'fourier & x' ? [] : ["O'Reilly fourier guide"],
        q
      )
    }
    for (const q of ['%', '_', '\\', '%%', '_%', "'", "''", '\u0007', '&', '|', '!', '<->', ':*']) {
      assert.deepEqual(await searchTitles(client, 'documents', q), [], JSON.stringify(q))
    }
    assert.deepEqual(await searchTitles(client, 'documents', 'pure_math'), ['Percent 100% pure_math back\\slash'])
    assert.deepEqual(await searchTitles(client, 'documents', '100%'), ['Percent 100% pure_math back\\slash'])
    // A lone surrogate (invalid UTF-8 in the address) and other odd code points: 200, nothing found.
    for (const raw of ['%ED%A0%80', 'a%ED%A0%80b', '%EF%BF%BF', '%F4%8F%BF%BF', '%C0%AF']) {
      const response = await client.get(`/api/documents?q=${raw}`)
      response.assertStatus(200)
      assert.deepEqual(response.body().data, [], raw)
    }
  })

  test('shape errors are 400 with the contract body; odd numbers follow the validator', async ({ client, assert }) => {
    await createDocument({ title: 'Shape test' })
    for (const raw of [
      'q=a&q=b',
      'q[]=a',
      'q[a]=b',
      `q=${'a'.repeat(10_000)}`,
      'page=0',
      'page=-1',
      'page=99999999999999999999',
      'limit=0',
      'limit=-1',
      'limit=101',
      'sort=id',
      'sort=TITLE',
      'sort=--title',
      'sort=title&sort=-title',
      'sort=',
    ]) {
      for (const path of ['/api/documents', '/api/courses', '/api/institutions']) {
        const response = await client.get(`${path}?${raw}`)
        assert.equal(response.status(), 400, `${path}?${raw.slice(0, 30)}`)
        assert.equal(response.body().code, 'BAD_REQUEST')
        assert.equal(response.body().status, 400)
      }
    }
    const beyond = await client.get('/api/documents?q=shape&page=1000')
    beyond.assertStatus(200)
    assert.deepEqual(beyond.body().data, [])
    assert.equal(beyond.body().meta.total, 1)
    assert.equal(beyond.body().meta.last_page, 1)
  })

  test('paging through ties: no row twice, none missing, on every sort', async ({ client, assert }) => {
    const owner = await createUser()
    for (let i = 0; i < 11; i++) await createDocument({ title: 'Tied algebra notes' })
    for (let i = 0; i < 3; i++) await createDocument({ title: 'Algebra', description: 'tied' })
    await createDocument({ title: 'Tied algebra private', visibility: 'private', ownerId: owner.id } as any)
    const gone = await createDocument({ title: 'Tied algebra deleted' })
    await db.from('documents').where('id', gone.id).delete()
    for (const sort of [undefined, 'title', '-title', 'updated_at', '-created_at']) {
      const seen: string[] = []
      let total = -1
      for (let page = 1; page <= 6; page++) {
        const qs = new URLSearchParams({ q: 'algebra', limit: '3', page: String(page), ...(sort ? { sort } : {}) })
        const body = (await client.get(`/api/documents?${qs}`)).body()
        total = body.meta.total
        assert.equal(body.meta.last_page, 5, String(sort))
        assert.equal(body.data.length, page <= 4 ? 3 : page === 5 ? 2 : 0, `${sort} page ${page}`)
        seen.push(...body.data.map((row: any) => row.id))
        for (const row of body.data) assert.notMatch(row.title, /private|deleted/)
      }
      assert.equal(total, 14, String(sort))
      assert.equal(new Set(seen).size, 14, String(sort))
      // The same request twice answers the same order.
      const again = (
        await client.get(
          `/api/documents?${new URLSearchParams({ q: 'algebra', limit: '100', ...(sort ? { sort } : {}) })}`
        )
      ).body()
      const twice = (
        await client.get(
          `/api/documents?${new URLSearchParams({ q: 'algebra', limit: '100', ...(sort ? { sort } : {}) })}`
        )
      ).body()
      assert.deepEqual(
        again.data.map((row: any) => row.id),
        twice.data.map((row: any) => row.id)
      )
    }
    const suggest = await client.get('/api/search/suggest?q=tied+algebra')
    for (const row of suggest.body().data) assert.notMatch(row.title, /private|deleted/)
  })
})
