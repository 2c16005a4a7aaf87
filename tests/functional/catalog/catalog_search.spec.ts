import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { assertSearches, createCourse, createDocument, createInstitution, searchTitles } from '#tests/support/catalog'
import { CatalogSearchService } from '#services/catalog/catalog_search_service'

const catalogSearchService = new CatalogSearchService()

/**
 * Catalog `q` (issue 26, docs/rules/catalog.md#search "Catalog q"): every word, the last as a prefix, English
 * stemming, one typo in words of five letters or more when nothing matches exactly, ranked
 * title → course/institution names → the rest, newest first within a rank. Run on SQLite and
 * PostgreSQL (the index is FTS5 on one, tsvector on the other).
 */

test.group('Catalog search / query rules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every word must match, in any order and any field', async ({ client, assert }) => {
    const course = await createCourse({ title: 'Linear Algebra' })
    await createDocument({ title: 'Eigenvalues summary', courseId: course.id })
    await createDocument({ title: 'Eigenvalues of graphs' })
    await createDocument({ title: 'Hash tables', description: 'A summary of chaining and open addressing.' })
    await assertSearches(assert, client, 'documents', {
      'linear algebra eigenvalues': ['Eigenvalues summary'],
      'eigenvalues linear': ['Eigenvalues summary'],
      'hash tables summary': ['Hash tables'],
      'hash graphs': [],
    })
  })

  test('the last word matches as a prefix, the others as whole words', async ({ client, assert }) => {
    await createDocument({ title: 'Thermodynamics lecture notes' })
    await createInstitution({ name: 'Polytechnic of Porto' })
    await assertSearches(assert, client, 'documents', {
      'THERMO': ['Thermodynamics lecture notes'],
      'lecture not': ['Thermodynamics lecture notes'],
      'lect notes': [],
    })
    await assertSearches(assert, client, 'institutions', { polytech: ['Polytechnic of Porto'] })
  })

  test('English stemming: plurals and verb forms meet', async ({ client, assert }) => {
    await createDocument({ title: 'Binary trees explained' })
    await createDocument({ title: 'Summaries of sorting' })
    await createCourse({ title: 'Computing networks' })
    await assertSearches(assert, client, 'documents', {
      'tree explained': ['Binary trees explained'],
      'summary sorts': ['Summaries of sorting'],
    })
    await assertSearches(assert, client, 'courses', { 'computed network': ['Computing networks'] })
  })

  test('one typo is forgiven in words of 5+ letters, only when nothing matches exactly', async ({ client, assert }) => {
    await createDocument({ title: 'Eigenvalues and eigenvectors' })
    await createDocument({ title: 'Heap sort' })
    await assertSearches(assert, client, 'documents', {
      'eigenvalus': ['Eigenvalues and eigenvectors'],
      'eigenvectros eigenvalues': ['Eigenvalues and eigenvectors'],
      // Four letters: no typo forgiven; two typos: none either.
      'haep sort': [],
      'aigenvalyes': [],
    })
    // An exact match wins: the one-typo neighbour does not join it.
    await createDocument({ title: 'Matrix basics' })
    await createDocument({ title: 'Matrox basics' })
    await assertSearches(assert, client, 'documents', { 'matrix basics': ['Matrix basics'] })
    // A typo never lands on a stop word: PostgreSQL does not index "their", so SQLite must not find
    // it through "theor" (edit distance one) either.
    await createDocument({ title: 'Spectra', description: 'Bands tell chemists their bonds.' })
    await assertSearches(assert, client, 'documents', { 'theor': [], 'spectra theor': [] })
  })

  test('ranking: title, course/institution names, the rest; newest first in a rank', async ({ client, assert }) => {
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
    assert.deepEqual(await searchTitles(client, 'documents', 'quantum'), expected)
    // Pages cut across the ranks in the same order.
    const pages = [
      ...(await searchTitles(client, 'documents', 'quantum', { limit: '2' })),
      ...(await searchTitles(client, 'documents', 'quantum', { limit: '2', page: '2' })),
      ...(await searchTitles(client, 'documents', 'quantum', { limit: '2', page: '3' })),
    ]
    assert.deepEqual(pages, expected)
    const meta = (await client.get('/api/documents?q=quantum&limit=2')).body().meta
    assert.deepEqual(meta, { total: 5, page: 1, limit: 2, last_page: 3 })
    // An explicit sort keeps its order.
    assert.deepEqual(await searchTitles(client, 'documents', 'quantum', { sort: 'title' }), [...expected].sort())
  })

  test('without q the lists keep their order; a course page search stays in its course', async ({ client, assert }) => {
    const course = await createCourse({ title: 'Optics' })
    await createDocument({ title: 'Lens notes', courseId: course.id })
    await createDocument({ title: 'Lens exam' })
    await createDocument({ title: 'Prism notes', courseId: course.id })
    assert.deepEqual(await searchTitles(client, 'documents', ''), ['Prism notes', 'Lens exam', 'Lens notes'])
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
      assert.deepEqual(await searchTitles(client, kind, 'spectroscopy'), [], kind)
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
    assert.deepEqual(await searchTitles(client, 'documents', 'spectroscopy'), ['Secret spectroscopy notes'])
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
    for (const q of found) assert.deepEqual(await searchTitles(client, 'documents', q), ['Fourier series primer'], q)
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
    for (const q of ['*', '"', 'NEAR(', '-', '()']) assert.deepEqual(await searchTitles(client, 'documents', q), [], q)
    for (const q of [...found, ...junk]) {
      const response = await client.get(`/api/search/suggest?${new URLSearchParams({ q })}`)
      assert.equal(response.status(), 200, q.slice(0, 30))
    }
  })
})
