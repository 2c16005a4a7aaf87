import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { CatalogSearchService } from '#services/catalog/catalog_search_service'
import limiter from '@adonisjs/limiter/services/main'
import { swapSettings } from '#tests/support/settings'
import { ThrottleSettings } from '#services/infra/throttle_settings'

const catalogSearchService = new CatalogSearchService()

/**
 * Catalog `q` (issue 26, docs/rules/catalog.md#search "Catalog q"): every word, the last as a prefix, English
 * stemming, one typo in words of five letters or more when nothing matches exactly, ranked
 * title → course/institution names → the rest, newest first within a rank. Run on SQLite and
 * PostgreSQL (the index is FTS5 on one, tsvector on the other).
 */
const titles = async (client: any, kind: string, q: string, extra: Record<string, string> = {}) => {
  const response = await client.get(`/api/${kind}?${new URLSearchParams({ q, ...extra })}`)
  response.assertStatus(200)
  return response.body().data.map((row: any) => row.title ?? row.name) as string[]
}

test.group('Catalog search / query rules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every word must match, in any order and any field', async ({ client, assert }) => {
    const course = await createCourse({ title: 'Linear Algebra' })
    await createDocument({ title: 'Eigenvalues summary', courseId: course.id })
    await createDocument({ title: 'Eigenvalues of graphs' })
    await createDocument({ title: 'Hash tables', description: 'A summary of chaining and open addressing.' })
    assert.deepEqual(await titles(client, 'documents', 'linear algebra eigenvalues'), ['Eigenvalues summary'])
    assert.deepEqual(await titles(client, 'documents', 'eigenvalues linear'), ['Eigenvalues summary'])
    assert.deepEqual(await titles(client, 'documents', 'hash tables summary'), ['Hash tables'])
    assert.deepEqual(await titles(client, 'documents', 'hash graphs'), [])
  })

  test('the last word matches as a prefix, the others as whole words', async ({ client, assert }) => {
    await createDocument({ title: 'Thermodynamics lecture notes' })
    assert.deepEqual(await titles(client, 'documents', 'THERMO'), ['Thermodynamics lecture notes'])
    assert.deepEqual(await titles(client, 'documents', 'lecture not'), ['Thermodynamics lecture notes'])
    assert.deepEqual(await titles(client, 'documents', 'lect notes'), [])
    await createInstitution({ name: 'Polytechnic of Porto' })
    assert.deepEqual(await titles(client, 'institutions', 'polytech'), ['Polytechnic of Porto'])
  })

  test('English stemming: plurals and verb forms meet', async ({ client, assert }) => {
    await createDocument({ title: 'Binary trees explained' })
    await createDocument({ title: 'Summaries of sorting' })
    assert.deepEqual(await titles(client, 'documents', 'tree explained'), ['Binary trees explained'])
    assert.deepEqual(await titles(client, 'documents', 'summary sorts'), ['Summaries of sorting'])
    await createCourse({ title: 'Computing networks' })
    assert.deepEqual(await titles(client, 'courses', 'computed network'), ['Computing networks'])
  })

  test('one typo is forgiven in words of five letters or more, only when nothing matches exactly', async ({
    client,
    assert,
  }) => {
    await createDocument({ title: 'Eigenvalues and eigenvectors' })
    await createDocument({ title: 'Heap sort' })
    assert.deepEqual(await titles(client, 'documents', 'eigenvalus'), ['Eigenvalues and eigenvectors'])
    assert.deepEqual(await titles(client, 'documents', 'eigenvectros eigenvalues'), ['Eigenvalues and eigenvectors'])
    // Four letters: no typo forgiven; two typos: none either.
    assert.deepEqual(await titles(client, 'documents', 'haep sort'), [])
    assert.deepEqual(await titles(client, 'documents', 'aigenvalyes'), [])
    // An exact match wins: the one-typo neighbour does not join it.
    await createDocument({ title: 'Matrix basics' })
    await createDocument({ title: 'Matrox basics' })
    assert.deepEqual(await titles(client, 'documents', 'matrix basics'), ['Matrix basics'])
  })

  test('ranking: title, then course and institution names, then the rest; newest first within a rank', async ({
    client,
    assert,
  }) => {
    const institution = await createInstitution({ name: 'Quantum Institute' })
    const course = await createCourse({ title: 'Quantum mechanics', institutionId: institution.id })
    await createDocument({ title: 'Old description hit', description: 'Notes on quantum tunnelling.' })
    await createDocument({ title: 'Old quantum title' })
    await createDocument({ title: 'Course context hit', courseId: course.id })
    await createDocument({ title: 'New description hit', seoContent: 'quantum states' })
    await createDocument({ title: 'New quantum title' })
    const expected = [
      'New quantum title',
      'Old quantum title',
      'Course context hit',
      'New description hit',
      'Old description hit',
    ]
    assert.deepEqual(await titles(client, 'documents', 'quantum'), expected)
    // Pages cut across the ranks in the same order.
    const pages = [
      ...(await titles(client, 'documents', 'quantum', { limit: '2' })),
      ...(await titles(client, 'documents', 'quantum', { limit: '2', page: '2' })),
      ...(await titles(client, 'documents', 'quantum', { limit: '2', page: '3' })),
    ]
    assert.deepEqual(pages, expected)
    const meta = (await client.get('/api/documents?q=quantum&limit=2')).body().meta
    assert.deepEqual(meta, { total: 5, page: 1, limit: 2, last_page: 3 })
    // An explicit sort keeps its order.
    assert.deepEqual(await titles(client, 'documents', 'quantum', { sort: 'title' }), [...expected].sort())
  })

  test('without q the lists keep their order; a course page search stays in its course', async ({ client, assert }) => {
    const course = await createCourse({ title: 'Optics' })
    await createDocument({ title: 'Lens notes', courseId: course.id })
    await createDocument({ title: 'Lens exam' })
    await createDocument({ title: 'Prism notes', courseId: course.id })
    assert.deepEqual(await titles(client, 'documents', ''), ['Prism notes', 'Lens exam', 'Lens notes'])
    const inCourse = await catalogSearchService.search(
      'documents',
      'lens',
      { page: 1, limit: 20 },
      { courseId: course.id }
    )
    assert.equal(inCourse.total, 1)
  })
})

test.group('Catalog search / private rows and odd input', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('private rows never match, except for their owner', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    await createDocument({ title: 'Secret spectroscopy notes', visibility: 'private', ownerId: owner.id })
    await createCourse({ title: 'Secret spectroscopy course', visibility: 'private', ownerId: owner.id })
    await createInstitution({ name: 'Secret spectroscopy school', visibility: 'private' })
    for (const kind of ['documents', 'courses', 'institutions'])
      assert.deepEqual(await titles(client, kind, 'spectroscopy'), [], kind)
    assert.deepEqual((await client.get('/api/search/suggest?q=spectro')).body().data, [])
    const mine = await catalogSearchService.search(
      'documents',
      'spectroscopy',
      { page: 1, limit: 20 },
      { viewerId: owner.id }
    )
    const theirs = await catalogSearchService.search(
      'documents',
      'spectroscopy',
      { page: 1, limit: 20 },
      { viewerId: other.id }
    )
    assert.equal(mine.total, 1)
    assert.equal(theirs.total, 0)
    // Made public later (an upload published): it matches for everyone.
    await db.from('documents').where('owner_id', owner.id).update({ visibility: 'public' })
    assert.deepEqual(await titles(client, 'documents', 'spectroscopy'), ['Secret spectroscopy notes'])
  })

  test('engine syntax and junk never error: the words are searched or nothing is found', async ({ client, assert }) => {
    await createDocument({ title: 'Fourier series primer' })
    const found = [
      '"fourier"',
      'fourier*',
      '-fourier',
      'fourier^',
      '(fourier',
      'fourier:series',
      "fourier' series",
      'FOURIER   SERIES!!!',
      '{fourier}',
      'fourier'.padEnd(500, '!'),
    ]
    for (const q of found) assert.deepEqual(await titles(client, 'documents', q), ['Fourier series primer'], q)
    const junk = [
      '"',
      '*',
      '***',
      'NEAR(fourier series)',
      'fourier OR x',
      'NOT fourier',
      'fourier AND series',
      '-',
      ':',
      '^',
      '()',
      '")',
      '\\',
      '%',
      '_',
      '🙂',
      'title:fourier',
      'fourier NEAR/2 series',
      'a'.repeat(500),
      '" OR 1=1 --',
      '+'.repeat(500),
      'fourier '.repeat(60),
    ]
    for (const kind of ['documents', 'courses', 'institutions']) {
      for (const q of [...found, ...junk]) {
        const response = await client.get(`/api/${kind}?${new URLSearchParams({ q })}`)
        assert.equal(response.status(), 200, `${kind} ${q.slice(0, 30)}`)
        assert.isArray(response.body().data)
      }
    }
    for (const q of ['*', '"', 'NEAR(', '-', '()']) assert.deepEqual(await titles(client, 'documents', q), [], q)
    for (const q of [...found, ...junk]) {
      const response = await client.get(`/api/search/suggest?${new URLSearchParams({ q })}`)
      assert.equal(response.status(), 200, q.slice(0, 30))
    }
  })
})

test.group('Catalog search / suggestions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/search/suggest returns at most 8 public titles across kinds', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Galway Geology School' })
    await createCourse({ title: 'Geology fieldwork', institutionId: institution.id })
    for (let i = 0; i < 10; i++) await createDocument({ title: `Geology summary ${i}` })
    await createDocument({ title: 'Geology hidden', visibility: 'private' })
    await createDocument({ title: 'Rocks', description: 'geology only in the body' })
    const body = (await client.get('/api/search/suggest?q=geol')).body()
    assert.deepEqual(Object.keys(body), ['data'])
    assert.lengthOf(body.data, 8)
    for (const item of body.data) assert.deepEqual(Object.keys(item).sort(), ['kind', 'slug', 'title'])
    const kinds = new Set(body.data.map((item: any) => item.kind))
    assert.deepEqual([...kinds].sort(), ['course', 'document', 'institution'])
    assert.notInclude(
      body.data.map((item: any) => item.title),
      'Geology hidden'
    )
    assert.notInclude(
      body.data.map((item: any) => item.title),
      'Rocks'
    )
    assert.deepEqual(
      (await client.get('/api/search/suggest?q=fieldwrok')).body().data.map((item: any) => item.title),
      ['Geology fieldwork']
    )
    assert.deepEqual((await client.get('/api/search/suggest?q=')).body().data, [])
  })

  test('the index follows renames of a course and an institution', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Old Name College' })
    const course = await createCourse({ title: 'Astronomy', institutionId: institution.id })
    await createDocument({ title: 'Star charts', courseId: course.id })
    await db.from('courses').where('id', course.id).update({ title: 'Astrophysics' })
    assert.deepEqual(await titles(client, 'documents', 'astrophysics'), ['Star charts'])
    assert.deepEqual(await titles(client, 'documents', 'astronomy'), [])
    await db.from('institutions').where('id', institution.id).update({ name: 'Kepler College' })
    assert.deepEqual(await titles(client, 'documents', 'kepler'), ['Star charts'])
    assert.deepEqual(await titles(client, 'courses', 'kepler'), ['Astrophysics'])
    await db.from('documents').where('title', 'Star charts').delete()
    assert.deepEqual(await titles(client, 'documents', 'kepler'), [])
  })
})

test.group('Catalog search / per-IP throttle (issue 26 review)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    return () => limiter.clear(['memory'])
  })

  test('suggestions and q searches share a per-IP budget; lists without q do not count', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(swapSettings(ThrottleSettings, { searchPerMinute: 3 }))
    await createDocument({ title: 'Thermodynamics notes' })
    ;(await client.get('/api/search/suggest?q=therm')).assertStatus(200)
    ;(await client.get('/api/documents?q=thermo')).assertStatus(200)
    for (let i = 0; i < 5; i++) (await client.get('/api/documents')).assertStatus(200)
    ;(await client.get('/documents?q=notes')).assertStatus(200)
    const refused = await client.get('/api/search/suggest?q=thermod')
    refused.assertStatus(429)
    assert.equal(refused.body().code, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(refused.header('retry-after')), 0)
    ;(await client.get('/api/courses?q=x')).assertStatus(429)
    ;(await client.get('/documents?q=notes')).assertStatus(429)
    ;(await client.get('/api/documents')).assertStatus(200)
  })
})

/*
| Issue 26 (PostgreSQL speed): a search reads the newest id buckets first and widens only when
| they hold too few matches. Rows with ids far apart check that an older match is still found,
| in rank order, and that a window that holds enough newer matches serves exactly the newest.
| SQLite has no windows: the same answers are expected there.
*/
test.group('Catalog search / newest-first windows over far-apart ids', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an old match is found past an almost empty newest window; ranks and typo still apply', async ({
    client,
    assert,
  }) => {
    await createDocument({ title: 'Zanzibar spice notes' })
    await createDocument({ description: 'zanzibar in the body only', title: 'Trade winds' })
    await createDocument({ id: 300_000, title: 'Zanzibar archives' } as any)
    await createDocument({ id: 300_001, title: 'Harbour maps', description: 'zanzibar again' } as any)
    assert.deepEqual(await titles(client, 'documents', 'zanzibar'), [
      'Zanzibar archives',
      'Zanzibar spice notes',
      'Harbour maps',
      'Trade winds',
    ])
    assert.deepEqual(await titles(client, 'documents', 'zanzib'), [
      'Zanzibar archives',
      'Zanzibar spice notes',
      'Harbour maps',
      'Trade winds',
    ])
    assert.deepEqual(await titles(client, 'documents', 'zanzibra spice'), ['Zanzibar spice notes'])
    assert.equal((await client.get('/api/documents?q=zanzibar&limit=1&page=4')).body().data[0].title, 'Trade winds')
  })

  test('suggestions: a newest window holding enough matches serves exactly the newest titles', async ({
    client,
    assert,
  }) => {
    await createDocument({ title: 'Quokka field guide (old)' })
    for (let i = 0; i < 9; i++) await createDocument({ id: 400_000 + i, title: `Quokka field guide ${i}` } as any)
    const data = (await client.get('/api/search/suggest?q=quokka')).body().data
    assert.deepEqual(
      data.map((item: any) => item.title),
      [8, 7, 6, 5, 4, 3, 2, 1].map((i) => `Quokka field guide ${i}`)
    )
  })
})
