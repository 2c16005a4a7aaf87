import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createCourse, createDocument, createInstitution, searchTitles } from '#tests/support/catalog'
import limiter from '@adonisjs/limiter/services/main'
import { swapSettings } from '#tests/support/settings'
import { ThrottleSettings } from '#services/infra/throttle_settings'

/**
 * Catalog search beyond the `q` rules of catalog_search.spec.ts: suggestions, the per-IP
 * throttle, and the newest-first windows (docs/rules/catalog.md#search).
 */

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
    assert.deepEqual(await searchTitles(client, 'documents', 'astrophysics'), ['Star charts'])
    assert.deepEqual(await searchTitles(client, 'documents', 'astronomy'), [])
    await db.from('institutions').where('id', institution.id).update({ name: 'Kepler College' })
    assert.deepEqual(await searchTitles(client, 'documents', 'kepler'), ['Star charts'])
    assert.deepEqual(await searchTitles(client, 'courses', 'kepler'), ['Astrophysics'])
    await db.from('documents').where('title', 'Star charts').delete()
    assert.deepEqual(await searchTitles(client, 'documents', 'kepler'), [])
  })
})

test.group('Catalog search / per-IP throttle (issue 26 review)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    return () => limiter.clear(['memory'])
  })

  test('suggest and q searches share a per-IP budget; plain lists are free', async ({ client, assert, cleanup }) => {
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

  test('an old match is found past an almost empty newest window; ranks still apply', async ({ client, assert }) => {
    await createDocument({ title: 'Zanzibar spice notes' })
    await createDocument({ description: 'zanzibar in the body only', title: 'Trade winds' })
    await createDocument({ id: 300_000, title: 'Zanzibar archives' } as any)
    await createDocument({ id: 300_001, title: 'Harbour maps', description: 'zanzibar again' } as any)
    assert.deepEqual(await searchTitles(client, 'documents', 'zanzibar'), [
      'Zanzibar archives',
      'Zanzibar spice notes',
      'Harbour maps',
      'Trade winds',
    ])
    assert.deepEqual(await searchTitles(client, 'documents', 'zanzib'), [
      'Zanzibar archives',
      'Zanzibar spice notes',
      'Harbour maps',
      'Trade winds',
    ])
    assert.deepEqual(await searchTitles(client, 'documents', 'zanzibra spice'), ['Zanzibar spice notes'])
    assert.equal((await client.get('/api/documents?q=zanzibar&limit=1&page=4')).body().data[0].title, 'Trade winds')
  })

  test('suggestions: a newest window with enough matches serves the newest titles', async ({ client, assert }) => {
    await createDocument({ title: 'Quokka field guide (old)' })
    for (let i = 0; i < 9; i++) await createDocument({ id: 400_000 + i, title: `Quokka field guide ${i}` } as any)
    const data = (await client.get('/api/search/suggest?q=quokka')).body().data
    assert.deepEqual(
      data.map((item: any) => item.title),
      [8, 7, 6, 5, 4, 3, 2, 1].map((i) => `Quokka field guide ${i}`)
    )
  })
})
