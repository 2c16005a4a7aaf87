import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { locs, validateWithXsd, SITEMAP_CACHE } from '#tests/support/sitemaps'
import { AI_TOOL_PAGES } from '#services/sitemaps/constants'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Sitemaps / backend JSON and XML routes (SPEC B)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // No swap: the store comes from the container as configured (no SITEMAP_DISK in tests), so
  // these tests exercise live rendering (docs/rules/crawler.md#storage).

  test('GET /api/sitemap/counts lists only public rows with chunk counts (CONTRACT 10)', async ({ client, assert }) => {
    await createInstitution()
    await createInstitution({ visibility: 'private' })
    await createCourse()
    await createDocument()
    await createDocument()
    await createDocument({ visibility: 'private' })
    const response = await client.get(urlFor('api.sitemap.counts'))
    response.assertStatus(200)
    response.assertHeader('cache-control', SITEMAP_CACHE)
    assert.deepEqual(response.body(), {
      institutions: { total: 1, chunks: 1 },
      courses: { total: 1, chunks: 1 },
      documents: { total: 2, chunks: 1 },
    })
  })

  test('a kind with no rows has no chunk (CONTRACT 12)', async ({ client, assert }) => {
    await createInstitution({ visibility: 'private' })
    const response = await client.get(urlFor('api.sitemap.counts'))
    assert.deepEqual(response.body().institutions, { total: 0, chunks: 0 })
    const chunk = await client.get(urlFor('api.sitemap.json_chunk', { kind: 'institutions', chunk: '0' }))
    chunk.assertStatus(404)
    chunk.assertBody({ code: 'NOT_FOUND', message: 'No sitemap for institutions/0', status: 404 })
  })

  test('GET /api/sitemap/{kind}/{chunk} answers the JSON chunk shape (CONTRACT 10)', async ({ client, assert }) => {
    const a = await createDocument({ slug: 'json-a' })
    await createDocument({ slug: 'json-private', visibility: 'private' })
    const b = await createDocument({ slug: 'json-b' })
    const response = await client.get(urlFor('api.sitemap.json_chunk', { kind: 'documents', chunk: '0' }))
    response.assertStatus(200)
    response.assertHeader('cache-control', SITEMAP_CACHE)
    const body = response.body()
    assert.equal(body.kind, 'documents')
    assert.equal(body.chunk, 0)
    assert.equal(body.total_chunks, 1)
    assert.deepEqual(
      body.items.map((i: any) => i.slug),
      [a.slug, b.slug]
    )
    assert.match(body.items[0].updated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
    assert.deepEqual(Object.keys(body.items[0]).sort(), ['slug', 'updated_at'])
  })

  test('out-of-range, unknown-kind and malformed chunks answer the contract 404', async ({ client }) => {
    await createDocument()
    const out = await client.get(urlFor('api.sitemap.json_chunk', { kind: 'documents', chunk: '1' }))
    out.assertStatus(404)
    out.assertBody({ code: 'NOT_FOUND', message: 'No sitemap for documents/1', status: 404 })
    const xmlOut = await client.get(urlFor('api.sitemap.xml_chunk', { kind: 'documents', chunk: '3' }))
    xmlOut.assertStatus(404)
    xmlOut.assertBody({ code: 'NOT_FOUND', message: 'No sitemap for documents/3', status: 404 })
    const unknown = await client.get(urlFor('api.sitemap.json_chunk', { kind: 'users', chunk: '0' }))
    unknown.assertStatus(404)
    unknown.assertBody({ code: 'NOT_FOUND', message: 'No sitemap for users/0', status: 404 })
    const malformed = await client.get(urlFor('api.sitemap.json_chunk', { kind: 'documents', chunk: 'abc' }))
    malformed.assertStatus(400)
    malformed.assertBodyContains({ code: 'BAD_REQUEST', status: 400 })
    const negative = await client.get(urlFor('api.sitemap.xml_chunk', { kind: 'documents', chunk: '-1' }))
    negative.assertStatus(400)
  })

  test('GET /api/sitemap/xml/index: lastmod, static first, one entry per chunk', async ({ client, assert }) => {
    const inst = await createInstitution()
    await createDocument()
    const response = await client.get(urlFor('api.sitemap.xml_index'))
    response.assertStatus(200)
    response.assertHeader('cache-control', SITEMAP_CACHE)
    assert.match(response.header('content-type') ?? '', /^application\/xml/)
    const xml = response.text()
    assert.include(xml, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    assert.deepEqual(locs(xml), [
      `${appUrl}/sitemaps/static`,
      `${appUrl}/sitemaps/institutions/0`,
      `${appUrl}/sitemaps/documents/0`,
    ])
    assert.equal((xml.match(/<lastmod>/g) || []).length, 3)
    const lastmod = inst.updatedAt.toUTC().toISO({ suppressMilliseconds: true })!.replace('.000', '')
    assert.include(xml, `<lastmod>${lastmod.replace(/\.\d{3}Z$/, 'Z')}</lastmod>`)
    const check = await validateWithXsd(xml, 'siteindex.xsd')
    assert.isTrue(check.valid, check.output)
  })

  test('GET /api/sitemap/xml/static: every static URL, changefreq and priority', async ({ client, assert }) => {
    const response = await client.get(urlFor('api.sitemap.xml_static'))
    response.assertStatus(200)
    response.assertHeader('cache-control', SITEMAP_CACHE)
    const xml = response.text()
    const expected: [string, string, string][] = [
      ['/', 'daily', '1.0'],
      ['/institutions', 'daily', '0.9'],
      ['/courses', 'daily', '0.9'],
      ['/documents', 'daily', '0.9'],
      ['/ai', 'weekly', '0.8'],
      ...AI_TOOL_PAGES.map((t) => [`/ai/${t.slug}`, 'monthly', '0.7'] as [string, string, string]),
      ['/pricing', 'monthly', '0.5'],
    ]
    assert.lengthOf(expected, 18)
    for (const [path, freq, priority] of expected) {
      const loc = path === '/' ? `${appUrl}/` : `${appUrl}${path}`
      assert.match(
        xml,
        new RegExp(
          `<url><loc>${loc.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}</loc><lastmod>[^<]+</lastmod><changefreq>${freq}</changefreq><priority>${priority}</priority></url>`
        )
      )
    }
    assert.lengthOf(locs(xml), 18)
    const check = await validateWithXsd(xml, 'sitemap.xsd')
    assert.isTrue(check.valid, check.output)
  })

  test('chunk urlsets carry loc, lastmod, changefreq and priority, and validate', async ({ client, assert }) => {
    const inst = await createInstitution({ slug: 'mit' })
    await createCourse({ slug: 'cs-101' })
    await createDocument({ slug: 'notes-1' })
    const cases: [string, string, string, string][] = [
      ['institutions', `${appUrl}/institutions/mit`, 'weekly', '0.8'],
      ['courses', `${appUrl}/courses/cs-101`, 'weekly', '0.7'],
      ['documents', `${appUrl}/documents/notes-1`, 'weekly', '0.6'],
    ]
    for (const [kind, loc, freq, priority] of cases) {
      const response = await client.get(urlFor('api.sitemap.xml_chunk', { kind, chunk: '0' }))
      response.assertStatus(200)
      response.assertHeader('cache-control', SITEMAP_CACHE)
      const xml = response.text()
      assert.include(xml, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      assert.include(xml, `<loc>${loc}</loc>`)
      assert.include(xml, `<changefreq>${freq}</changefreq><priority>${priority}</priority>`)
      const check = await validateWithXsd(xml, 'sitemap.xsd')
      assert.isTrue(check.valid, check.output)
    }
    const xml = (await client.get(urlFor('api.sitemap.xml_chunk', { kind: 'institutions', chunk: '0' }))).text()
    const expectedLastmod = inst.updatedAt
      .toUTC()
      .toISO()!
      .replace(/\.\d{3}Z$/, 'Z')
    assert.include(xml, `<lastmod>${expectedLastmod}</lastmod>`)
  })

  test('any slug yields well-formed, escaped XML (issue 5 item 1)', async ({ client, assert }) => {
    await createDocument({ slug: `a&b<c>"d'e-é-${'x'.repeat(20)}` })
    const response = await client.get(urlFor('api.sitemap.xml_chunk', { kind: 'documents', chunk: '0' }))
    response.assertStatus(200)
    const xml = response.text()
    assert.notInclude(xml, 'a&b<c')
    assert.include(xml, `${appUrl}/documents/a%26b%3Cc%3E%22d&apos;e-%C3%A9-`)
    const check = await validateWithXsd(xml, 'sitemap.xsd')
    assert.isTrue(check.valid, check.output)
  })

  test('site routes proxy the backend index, static and chunks (SPEC B)', async ({ client, assert }) => {
    await createDocument()
    for (const [site, backend] of [
      ['/sitemap.xml', '/api/sitemap/xml/index'],
      ['/sitemaps/static', '/api/sitemap/xml/static'],
      ['/sitemaps/documents/0', '/api/sitemap/xml/documents/0'],
    ]) {
      const a = await client.get(site)
      const b = await client.get(backend)
      a.assertStatus(200)
      a.assertHeader('cache-control', SITEMAP_CACHE)
      assert.match(a.header('content-type') ?? '', /^application\/xml/)
      assert.equal(a.text(), b.text())
    }
    const missing = await client
      .get(urlFor('site.sitemap_chunk', { kind: 'documents', chunk: '7' }))
      .header('accept', 'application/json')
    missing.assertStatus(404)
    missing.assertBodyContains({ message: 'No sitemap for documents/7' })
    const missingPlain = await client.get(urlFor('site.sitemap_chunk', { kind: 'documents', chunk: '7' }))
    missingPlain.assertStatus(404)
    assert.include(missingPlain.text(), 'No sitemap for documents/7')
  })

  test('an out-of-range chunk is 404 with the sitemap Cache-Control, backend and proxy', async ({ client }) => {
    await createDocument()
    for (const path of ['/api/sitemap/xml/documents/1', '/sitemaps/documents/1', '/api/sitemap/documents/1']) {
      const response = await client.get(path).header('accept', 'application/json')
      response.assertStatus(404)
      response.assertHeader('cache-control', SITEMAP_CACHE)
      response.assertBody({ code: 'NOT_FOUND', message: 'No sitemap for documents/1', status: 404 })
    }
  })

  test('chunk 0 has one address: "00" and "000.xml" are 404, backend and proxy', async ({ client }) => {
    await createDocument()
    for (const path of ['/sitemaps/documents/00', '/sitemaps/documents/000.xml', '/api/sitemap/xml/documents/00']) {
      const response = await client.get(path).header('accept', 'application/json')
      response.assertStatus(404)
      response.assertHeader('cache-control', SITEMAP_CACHE)
    }
    ;(await client.get('/sitemaps/documents/0')).assertStatus(200)
  })
})
