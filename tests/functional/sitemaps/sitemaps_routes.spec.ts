import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import lockManager from '@adonisjs/lock/services/main'
import robotsParserModule from 'robots-parser'
import { appUrl } from '#config/app'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { createUser } from '#tests/support/users'
import { locs, snapshotForCleanup, validateWithXsd } from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { REGENERATION_LOCK_KEY } from '#services/sitemaps/regeneration_service'
import { AI_TOOL_PAGES } from '#services/sitemaps/constants'
import { ROBOTS_DISALLOW } from '#services/sitemaps/site_texts'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { swapSettings } from '#tests/support/settings'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'

const execFileAsync = promisify(execFile)

// robots-parser is CommonJS; its typings declare an ES default export.
const robotsParser = ((robotsParserModule as any).default ?? robotsParserModule) as (
  url: string,
  body: string
) => {
  isAllowed(url: string, ua?: string): boolean | undefined
  isDisallowed(url: string, ua?: string): boolean | undefined
  getSitemaps(): string[]
}

const CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400'

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
    response.assertHeader('cache-control', CACHE)
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
    response.assertHeader('cache-control', CACHE)
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

  test('out-of-range, unknown-kind and malformed chunks answer the contract errors (SPEC Errors 404)', async ({
    client,
  }) => {
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

  test('GET /api/sitemap/xml/index: sitemapindex with lastmod, static first, one entry per chunk (SPEC B rule 2)', async ({
    client,
    assert,
  }) => {
    const inst = await createInstitution()
    await createDocument()
    const response = await client.get(urlFor('api.sitemap.xml_index'))
    response.assertStatus(200)
    response.assertHeader('cache-control', CACHE)
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

  test('GET /api/sitemap/xml/static: every static URL with its changefreq and priority (CONTRACT 10)', async ({
    client,
    assert,
  }) => {
    const response = await client.get(urlFor('api.sitemap.xml_static'))
    response.assertStatus(200)
    response.assertHeader('cache-control', CACHE)
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

  test('chunk urlsets carry loc, lastmod, changefreq, priority per kind and validate (SPEC B rule 2)', async ({
    client,
    assert,
  }) => {
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
      response.assertHeader('cache-control', CACHE)
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
      a.assertHeader('cache-control', CACHE)
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

  test('an out-of-range chunk is 404 with the sitemap Cache-Control on the backend and the site proxy (SPEC B rule 3)', async ({
    client,
  }) => {
    await createDocument()
    for (const path of ['/api/sitemap/xml/documents/1', '/sitemaps/documents/1', '/api/sitemap/documents/1']) {
      const response = await client.get(path).header('accept', 'application/json')
      response.assertStatus(404)
      response.assertHeader('cache-control', CACHE)
      response.assertBody({ code: 'NOT_FOUND', message: 'No sitemap for documents/1', status: 404 })
    }
  })

  test('robots.txt: five agent blocks in order, allow and disallow lists, Sitemap line (CONTRACT 10)', async ({
    client,
    assert,
  }) => {
    const response = await client.get(urlFor('site.robots_txt'))
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/plain/)
    const text = response.text()
    const blocks = text.trim().split(/\n\n/)
    assert.lengthOf(blocks, 6)
    const agents = blocks.slice(0, 5).map((b) =>
      b
        .split('\n')
        .filter((l) => l.startsWith('User-agent: '))
        .map((l) => l.slice(12))
    )
    assert.deepEqual(agents[0], ['*'])
    assert.deepEqual(agents[1], ['Googlebot', 'Googlebot-Image', 'Googlebot-News', 'Googlebot-Video'])
    assert.deepEqual(agents[2], ['Bingbot', 'msnbot', 'BingPreview'])
    assert.deepEqual(agents[3], ['DuckDuckBot', 'Slurp', 'YandexBot', 'Baiduspider', 'Applebot'])
    assert.lengthOf(agents[4], 18)
    for (const block of blocks.slice(0, 5)) {
      assert.sameMembers(
        block.split('\n').filter((l) => l.startsWith('Allow: ')),
        ['/', '/institutions', '/courses', '/documents', '/pricing', '/ai'].map((p) => `Allow: ${p}`)
      )
      assert.equal(block.split('\n').at(-1), 'Allow: /', 'the catch-all Allow comes last')
      assert.lengthOf(
        block.split('\n').filter((l) => l.startsWith('Disallow: ')),
        15
      )
    }
    assert.equal(blocks[5], `Sitemap: ${appUrl}/sitemap.xml`)

    const robots = robotsParser(`${appUrl}/robots.txt`, text)
    for (const agent of ['GPTBot', 'ClaudeBot', 'Googlebot', 'Bingbot', 'SomeOtherBot', 'Diffbot']) {
      assert.isTrue(robots.isAllowed(`${appUrl}/`, agent), `${agent} may crawl /`)
      assert.isTrue(robots.isAllowed(`${appUrl}/documents/some-doc`, agent))
      assert.isTrue(robots.isDisallowed(`${appUrl}/api/documents`, agent), `${agent} may not crawl /api/`)
      assert.isTrue(robots.isDisallowed(`${appUrl}/settings/billing`, agent))
      assert.isTrue(robots.isDisallowed(`${appUrl}/notes`, agent))
    }
    assert.deepEqual(robots.getSitemaps(), [`${appUrl}/sitemap.xml`])
  })

  test('robots.txt means the same to a first-match parser (urllib.robotparser) and a longest-match one (RFC 9309)', async ({
    client,
    assert,
  }) => {
    const text = (await client.get(urlFor('site.robots_txt'))).text()
    const agents = ['*', 'SomeOtherBot', 'Googlebot', 'Bingbot', 'YandexBot', 'GPTBot', 'ClaudeBot', 'Diffbot']
    const paths = [
      '/',
      '/institutions/x',
      '/courses',
      '/documents/some-doc',
      '/pricing',
      '/ai',
      '/ai/flashcard-builder',
      ...ROBOTS_DISALLOW.map((path) => path + (path.endsWith('/') ? 'documents' : '')),
      '/notes/1',
      '/settings/billing',
      '/ai-courses/3',
    ]
    const python = [
      'import json, sys, urllib.robotparser',
      'args = json.loads(sys.argv[1])',
      'rp = urllib.robotparser.RobotFileParser()',
      'rp.parse(args["text"].splitlines())',
      'print(json.dumps([[rp.can_fetch(a, "http://site" + p) for p in args["paths"]] for a in args["agents"]]))',
    ].join('\n')
    const { stdout } = await execFileAsync('python3', ['-c', python, JSON.stringify({ text, agents, paths })])
    const firstMatch: boolean[][] = JSON.parse(stdout)
    const robots = robotsParser('http://site/robots.txt', text)
    agents.forEach((agent, a) =>
      paths.forEach((path, p) => {
        const longestMatch = robots.isAllowed(`http://site${path}`, agent)
        const expected = !ROBOTS_DISALLOW.some((rule) => path.startsWith(rule))
        assert.equal(firstMatch[a][p], expected, `urllib.robotparser, ${agent} ${path}`)
        assert.equal(longestMatch, expected, `robots-parser, ${agent} ${path}`)
      })
    )
  })

  test('llms.txt: text/plain, the cache header, every section and live counts (SPEC B)', async ({ client, assert }) => {
    await createInstitution()
    await createDocument()
    await createDocument()
    await createDocument({ visibility: 'private' })
    const response = await client.get(urlFor('site.llms_txt'))
    response.assertStatus(200)
    response.assertHeader('content-type', 'text/plain; charset=utf-8')
    response.assertHeader('cache-control', CACHE)
    const text = response.text()
    assert.match(text, /^# StudyHub\n\n> .+/)
    for (const section of [
      '## Catalog scale',
      '## Catalog',
      '## AI study tools',
      '## Pricing and company',
      '## Sitemaps',
      '## Crawling policy',
    ]) {
      assert.include(text, `\n${section}\n`)
    }
    assert.include(text, '- Documents: 2')
    assert.include(text, '- Institutions: 1')
    for (const tool of AI_TOOL_PAGES) assert.include(text, `](${appUrl}/ai/${tool.slug}): `)
    for (const dir of ['institutions', 'courses', 'documents']) assert.include(text, `](${appUrl}/${dir}): `)
    assert.include(text, `${appUrl}/sitemap.xml`)
  })
})

test.group('Sitemaps / regeneration routes (SPEC B, CONTRACT 12)', (group) => {
  // Commits for real (the single-flight lock uses its own connection) and cleans up after.
  group.each.setup(() => snapshotForCleanup())
  group.each.setup(() => {
    app.container.swap(SitemapStore, () => new SitemapStore(null))
    return () => app.container.restore(SitemapStore)
  })

  test('unset SITEMAP_REGENERATE_SECRET answers 403 "SITEMAP_REGENERATE_SECRET is not configured on the server."', async ({
    client,
  }) => {
    const restore = swapSettings(SitemapSettings, { regenerateSecret: '' })
    try {
      const response = await client.post(urlFor('api.sitemap.regenerate')).header('x-sitemap-secret', 'anything')
      response.assertStatus(403)
      response.assertBody({
        code: 'FORBIDDEN',
        message: 'SITEMAP_REGENERATE_SECRET is not configured on the server.',
        status: 403,
      })
    } finally {
      restore()
    }
  })

  test('missing or wrong x-sitemap-secret answers 403 "Invalid sitemap regenerate secret."', async ({ client }) => {
    const restore = swapSettings(SitemapSettings, { regenerateSecret: 'right-secret' })
    try {
      for (const secret of [null, 'wrong-secret', 'right-secre', '']) {
        const request = client.post(urlFor('api.sitemap.regenerate'))
        if (secret !== null) request.header('x-sitemap-secret', secret)
        const response = await request
        response.assertStatus(403)
        response.assertBody({ code: 'FORBIDDEN', message: 'Invalid sitemap regenerate secret.', status: 403 })
      }
    } finally {
      restore()
    }
  })

  test('the right secret regenerates; with no disk the result is uploaded 0, skipped 0 (SPEC B rule 5)', async ({
    client,
    assert,
  }) => {
    await createInstitution()
    await createDocument()
    await createDocument({ visibility: 'private' })
    const restore = swapSettings(SitemapSettings, { regenerateSecret: 'right-secret' })
    try {
      const response = await client.post(urlFor('api.sitemap.regenerate')).header('x-sitemap-secret', 'right-secret')
      response.assertStatus(200)
      const body = response.body()
      assert.isNumber(body.durationMs)
      assert.deepEqual(body.counts, { institutions: 1, courses: 0, documents: 1 })
      assert.equal(body.uploaded, 0)
      assert.equal(body.skipped, 0)
    } finally {
      restore()
    }
  })

  test('while a regeneration runs, both regenerate routes answer 429 with Retry-After (CONTRACT 12)', async ({
    client,
    assert,
  }) => {
    const restore = swapSettings(SitemapSettings, { regenerateSecret: 'right-secret' })
    const held = lockManager.createLock(REGENERATION_LOCK_KEY, '1m')
    assert.isTrue(await held.acquireImmediately())
    try {
      const response = await client.post(urlFor('api.sitemap.regenerate')).header('x-sitemap-secret', 'right-secret')
      response.assertStatus(429)
      response.assertBodyContains({ code: 'TOO_MANY_REQUESTS', status: 429 })
      assert.isAbove(Number(response.header('retry-after')), 0)

      const admin = await createUser({ role: 'admin' })
      const adminResponse = await client.post(urlFor('api.admin.sitemap.regenerate')).loginAs(admin).withCsrfToken()
      adminResponse.assertStatus(429)
      assert.isAbove(Number(adminResponse.header('retry-after')), 0)
      await held.release()
      const after = await client.post(urlFor('api.sitemap.regenerate')).header('x-sitemap-secret', 'right-secret')
      after.assertStatus(200)
    } finally {
      await held.release().catch(() => {})
      restore()
    }
  })

  test('POST /api/admin/sitemap/regenerate: 401 anonymous, 403 non-admin, 200 admin (CONTRACT 12)', async ({
    client,
    assert,
  }) => {
    const anonymous = await api(client).post(urlFor('api.admin.sitemap.regenerate'))
    anonymous.assertStatus(401)
    anonymous.assertBodyContains({ code: 'UNAUTHORIZED', status: 401 })
    const user = await createUser()
    const nonAdmin = await api(client, user).post(urlFor('api.admin.sitemap.regenerate'))
    nonAdmin.assertStatus(403)
    nonAdmin.assertBodyContains({ code: 'FORBIDDEN', status: 403 })
    await createCourse()
    const admin = await createUser({ role: 'admin' })
    const ok = await api(client, admin).post(urlFor('api.admin.sitemap.regenerate'))
    ok.assertStatus(200)
    assert.deepEqual(ok.body().counts, { institutions: 0, courses: 1, documents: 0 })
    assert.containsSubset(ok.body(), { uploaded: 0, skipped: 0 })
  })

  test('the admin regenerate needs the CSRF token (CONTRACT 3)', async ({ client }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client.post(urlFor('api.admin.sitemap.regenerate')).loginAs(admin)
    response.assertStatus(403)
  })

  test('/admin/seo renders for admins, redirects anonymous visitors to login (SPEC B rule 8)', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const page = await client.get(urlFor('pages.admin.seo')).loginAs(admin).header('accept', 'text/html')
    page.assertStatus(200)
    assert.include(page.text(), 'Regenerate now')
    assert.include(page.text(), 'data-server-rendered="true"')
    const anonymous = await client.get(urlFor('pages.admin.seo')).header('accept', 'text/html').redirects(0)
    anonymous.assertStatus(302)
    const user = await createUser()
    const forbidden = await client.get(urlFor('pages.admin.seo')).loginAs(user).header('accept', 'text/html')
    forbidden.assertStatus(403)
  })
})
