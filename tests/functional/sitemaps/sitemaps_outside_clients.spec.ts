/*
| The crawler surfaces read by clients nobody here wrote (docs/decisions/sitemaps.md, "Audit with
| outside clients"): a strict RFC 9309 reading and robots-parser agree on every agent, every
| sitemap URL is crawlable, the sitemaps pass the sitemaps.org XSDs with hostile slugs, conditional
| GETs get 304, and llms.txt parses with the llmstxt.org reference parser's rules.
*/
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { api } from '#tests/support/http'
import { createUser } from '#tests/support/users'
import robotsParserModule from 'robots-parser'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { appUrl } from '#config/app'
import Document from '#models/document'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { locs, storesOnFsDisk, validateWithXsd, waitFor, SITEMAP_CACHE } from '#tests/support/sitemaps'
import { isAllowed, parseRobots, robotsProblems } from '#tests/support/robots_rfc9309'
import { ROBOTS_AGENT_BLOCKS, ROBOTS_DISALLOW } from '#services/sitemaps/site_texts'
import { slugify } from '#services/catalog/slug'
import { AI_TOOL_PAGES } from '#services/sitemaps/constants'

const execFileAsync = promisify(execFile)
const robotsParser = ((robotsParserModule as any).default ?? robotsParserModule) as (
  url: string,
  body: string
) => { isAllowed(url: string, ua?: string): boolean | undefined }

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/

/** Agents whose rules matter: every named one, plus crawlers that fall back to `*`. */
const AGENTS = [
  ...ROBOTS_AGENT_BLOCKS.flat().filter((agent) => agent !== '*'),
  'Mediapartners-Google',
  'AdsBot-Google',
  'facebookexternalhit',
  'SomeNewBot',
]

/** Every URL the sitemaps list, fetched the way a crawler does (index → each child). */
async function crawlSitemaps(client: any) {
  const index = await client.get('/sitemap.xml')
  index.assertStatus(200)
  const children = locs(index.text())
  const urls: string[] = []
  for (const child of children) {
    const path = new URL(child.replaceAll('&amp;', '&')).pathname
    const response = await client.get(path)
    response.assertStatus(200)
    urls.push(...locs(response.text()))
  }
  return { index: index.text(), children, urls }
}

test.group('Crawler surfaces / outside clients: robots.txt', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the strict RFC 9309 reader itself: CRLF, BOM, merged groups, longest match, ties, * and $', ({ assert }) => {
    const text =
      '\uFEFFUser-agent: A\r\nDisallow: /x\r\n\r\nuser-agent: a\r\nAllow: /x/ok\r\n' +
      'User-agent: *\nDisallow: /*.pdf$\nDisallow: /p\nAllow: /p\n'
    const robots = parseRobots(text)
    assert.lengthOf(robots.groups, 3)
    assert.isFalse(isAllowed(robots, 'A/1.0', '/x/no'))
    assert.isTrue(isAllowed(robots, 'a', '/x/ok/1'), 'the two groups naming A merge')
    assert.isTrue(isAllowed(robots, 'B', '/p'), 'Allow wins a tie')
    assert.isFalse(isAllowed(robots, 'B', '/f.pdf'))
    assert.isTrue(isAllowed(robots, 'B', '/f.pdf?x'), '$ anchors the end')
    assert.isTrue(isAllowed(robots, 'A', '/p'), 'a named group replaces *')
    assert.isFalse(isAllowed(parseRobots('User-agent: *\nDisallow: /api/\n'), 'X', '/%61pi/x'), 'unreserved %xx')
    assert.includeMembers(robotsProblems(text), ['starts with a BOM', 'carries CR line ends'])
  })

  test('a strict reader finds nothing to complain about, and the Sitemap line is absolute', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/robots.txt')
    response.assertStatus(200)
    response.assertHeader('content-type', 'text/plain; charset=utf-8')
    const text = response.text()
    assert.deepEqual(robotsProblems(text), [])
    const parsed = parseRobots(text)
    assert.deepEqual(parsed.sitemaps, [`${appUrl}/sitemap.xml`])
    assert.deepEqual(
      parsed.groups.map((g) => g.agents),
      ROBOTS_AGENT_BLOCKS.map((agents) => agents.map((a) => a.toLowerCase()))
    )
  })

  test('every sitemap URL is crawlable and every private area is not, for every agent, in two parsers', async ({
    client,
    assert,
  }) => {
    await createInstitution({ slug: 'inst-outside' })
    await createCourse({ slug: 'course-outside' })
    await createDocument({ slug: slugify('Notes & <Quotes> "2026"') })
    const text = (await client.get('/robots.txt')).text()
    const strict = parseRobots(text)
    const lib = robotsParser(`${appUrl}/robots.txt`, text)
    const { urls } = await crawlSitemaps(client)
    assert.isAbove(urls.length, 18)
    const open = [
      ...urls.map((url) => new URL(url.replaceAll('&amp;', '&'))),
      new URL(`${appUrl}/documents?page=2`),
      new URL(`${appUrl}/institutions/inst-outside/courses`),
      new URL(`${appUrl}/robots.txt`),
      new URL(`${appUrl}/api`), // only /api/ is disallowed, as the rules list it
    ]
    const closed = ROBOTS_DISALLOW.flatMap((rule) => [rule, `${rule.replace(/\/$/, '')}/x?y=1`]).map(
      (path) => new URL(`${appUrl}${path}`)
    )
    closed.push(new URL(`${appUrl}/ai-courses/3`), new URL(`${appUrl}/%61pi/health`))
    for (const agent of AGENTS) {
      for (const url of open) {
        const path = url.pathname + url.search
        assert.isTrue(isAllowed(strict, agent, path), `RFC 9309: ${agent} may fetch ${path}`)
        if (!path.includes('%61')) assert.isTrue(lib.isAllowed(url.href, agent), `robots-parser: ${agent} ${path}`)
      }
      for (const url of closed) {
        const path = url.pathname + url.search
        assert.isFalse(isAllowed(strict, agent, path), `RFC 9309: ${agent} may not fetch ${path}`)
        // robots-parser does not decode %61 (RFC 9309 2.2.2 says a crawler must): recorded in the decisions.
        if (!path.includes('%61')) assert.isFalse(lib.isAllowed(url.href, agent), `robots-parser: ${agent} ${path}`)
      }
    }
    // Full user-agent strings resolve to their product token.
    const gptbot =
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)'
    assert.isFalse(isAllowed(strict, gptbot, '/notes'))
    assert.isTrue(isAllowed(strict, gptbot, '/documents/x'))
  })

  test('forwarded headers, even from a trusted proxy, never change an absolute URL', async ({ client, assert }) => {
    await createDocument({ slug: 'forwarded-doc' })
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/static', '/sitemaps/documents/0', '/llms.txt']) {
      const plain = await client.get(path)
      // The test client is loopback, a trusted proxy by default: X-Forwarded-* are believed.
      const viaProxy = await client.get(path).header('x-forwarded-for', '203.0.113.9')
      viaProxy.assertStatus(200)
      assert.equal(viaProxy.text(), plain.text(), path)
      const otherHosts: Record<string, string>[] = [
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        { host: 'other.example:8443' },
      ]
      for (const headers of otherHosts) {
        const response = await client.get(`${path}?x=1`).headers(headers).redirects(0)
        // Another host is sent to the canonical APP_URL address, never to the forwarded one.
        response.assertStatus(301)
        assert.equal(response.header('location'), `${appUrl}${path}?x=1`)
      }
    }
  })
})

test.group('Crawler surfaces / outside clients: sitemaps', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('hostile catalog slugs: every file passes the sitemaps.org XSDs and locs round-trip', async ({
    client,
    assert,
  }) => {
    const hostile = [
      `a&b<c>"d'e`,
      'emoji-📚-✏️',
      'rtl-مرحبا-שלום',
      `long-${'x'.repeat(195)}`,
      '長'.repeat(200), // the longest loc a 200-character slug can give: 1,800 characters of %XX, under 2,048
      'spaces and/slash?query#hash',
      'percent-%41-%zz',
      'ctl-\u0001-\u007f',
    ]
    for (const slug of hostile) await createDocument({ slug })
    await createDocument({ slug: slugify('Emoji 📚 & "quotes" — مرحبا <script>') || 'untitled' })
    const { index, children, urls } = await crawlSitemaps(client)
    const indexCheck = await validateWithXsd(index, 'siteindex.xsd')
    assert.isTrue(indexCheck.valid, indexCheck.output)
    for (const child of children) {
      const xml = (await client.get(new URL(child).pathname)).text()
      assert.match(
        xml,
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/
      )
      const check = await validateWithXsd(xml, 'sitemap.xsd')
      assert.isTrue(check.valid, `${child}: ${check.output}`)
      assert.isAtMost(locs(xml).length, 50_000)
      assert.isAtMost(Buffer.byteLength(xml), 50 * 1024 * 1024)
      for (const [, lastmod] of xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) assert.match(lastmod, W3C_DATETIME)
    }
    const documentPaths = urls
      .map((loc) => new URL(loc.replaceAll('&amp;', '&').replaceAll('&apos;', "'").replaceAll('&quot;', '"')))
      .filter((url) => url.pathname.startsWith('/documents/'))
    for (const url of documentPaths) {
      assert.equal(url.origin, appUrl, 'absolute, on the site origin')
      assert.equal(url.search + url.hash, '', 'a slug never leaks into the query or fragment')
    }
    const slugs = documentPaths.map((url) => decodeURIComponent(url.pathname.slice('/documents/'.length)))
    for (const slug of hostile) assert.include(slugs, slug)
  })

  test('the index points only at chunks that exist; private and deleted rows drop out', async ({ client, assert }) => {
    const kept = await createDocument({ slug: 'kept-doc' })
    const hidden = await createDocument({ slug: 'made-private-doc' })
    const gone = await createDocument({ slug: 'deleted-doc' })
    await createInstitution({ slug: 'private-inst', visibility: 'private' })
    await Document.query().where('id', hidden.id).update({ visibility: 'private' })
    await Document.query().where('id', gone.id).delete()
    const { index, urls } = await crawlSitemaps(client)
    assert.include(urls, `${appUrl}/documents/${kept.slug}`)
    for (const slug of ['made-private-doc', 'deleted-doc', 'private-inst']) {
      assert.notInclude(urls.join('\n'), slug)
    }
    assert.notInclude(index, '/sitemaps/institutions/', 'a kind with only private rows has no chunk')
  })

  test('HEAD, query strings, trailing slashes and gzip are read like a GET', async ({ client, assert }) => {
    await createDocument()
    for (const path of ['/sitemap.xml', '/sitemaps/static', '/sitemaps/documents/0', '/robots.txt', '/llms.txt']) {
      const get = await client.get(path)
      const head = await client.head(path)
      head.assertStatus(200)
      assert.equal(head.header('content-type'), get.header('content-type'))
      assert.equal(head.header('cache-control'), SITEMAP_CACHE)
      assert.equal(head.text() ?? '', '')
      assert.equal((await client.get(`${path}?utm_source=x&page=2`)).text(), get.text(), `${path}?query`)
      assert.equal((await client.get(`${path}/`)).text(), get.text(), `${path}/`)
    }
    const big = await client.get('/sitemaps/static').header('accept-encoding', 'gzip')
    assert.equal(big.header('content-encoding'), 'gzip')
    for (const method of ['post', 'put', 'delete', 'patch'] as const) {
      const response = await client[method]('/sitemap.xml')
      assert.include([404, 405], response.status(), `${method} is refused, never a 500`)
    }
  })

  test('odd chunk numbers never reach the database as something else', async ({ client }) => {
    await createDocument()
    const cases: [string, number][] = [
      ['/sitemaps/documents/0', 200],
      ['/sitemaps/documents/1', 404],
      ['/sitemaps/documents/00', 404],
      ['/sitemaps/documents/99999999999999999999999', 404],
      ['/sitemaps/documents/-1', 400],
      ['/sitemaps/documents/1e3', 400],
      ['/sitemaps/documents/0x0', 400],
      ['/sitemaps/documents/0.5', 400],
      ['/sitemaps/documents/%20', 400],
      ['/sitemaps/documents/%D9%A0', 400], // Arabic-Indic zero
      ['/sitemaps/Documents/0', 404],
      ['/sitemaps/users/0', 404],
    ]
    for (const [path, status] of cases) {
      const response = await client.get(path)
      response.assertStatus(status)
    }
  })

  test('conditional GET: a validator on every surface; If-None-Match gets 304 with the cache header', async ({
    client,
    assert,
  }) => {
    await createDocument()
    for (const path of ['/sitemap.xml', '/sitemaps/static', '/sitemaps/documents/0', '/robots.txt', '/llms.txt']) {
      const first = await client.get(path)
      const etag = first.header('etag')
      assert.isString(etag, `${path} carries an ETag`)
      const again = await client.get(path).header('if-none-match', etag!)
      again.assertStatus(304)
      assert.equal(again.text() ?? '', '')
      assert.equal(again.header('cache-control'), SITEMAP_CACHE)
      assert.equal(again.header('etag'), etag)
      const gzip = await client.get(path).header('if-none-match', etag!).header('accept-encoding', 'gzip')
      gzip.assertStatus(304)
      const other = await client.get(path).header('if-none-match', 'W/"not-this-one"')
      other.assertStatus(200)
      assert.equal(other.text(), first.text())
      // No Last-Modified is sent, so If-Modified-Since alone never gives a 304 (RFC 9110 13.1.3).
      const since = await client.get(path).header('if-modified-since', 'Tue, 01 Jan 2030 00:00:00 GMT')
      since.assertStatus(200)
    }
    const before = (await client.get('/sitemaps/documents/0')).header('etag')
    await createDocument({ slug: 'changes-the-chunk' })
    const after = await client.get('/sitemaps/documents/0').header('if-none-match', before!)
    after.assertStatus(200)
    assert.include(after.text(), 'changes-the-chunk')
  })
})

test.group('Crawler surfaces / outside clients: stored sitemaps (fs disk)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  storesOnFsDisk(group)

  test('a document made private or deleted drops out of the stored sitemap at once', async ({ client, assert }) => {
    const owner = await createUser()
    const hidden = await createDocument({ slug: 'stored-then-private', ownerId: owner.id })
    const gone = await createDocument({ slug: 'stored-then-deleted', ownerId: owner.id })
    const kept = await createDocument({ slug: 'stored-and-kept' })
    const disk = drive.use('fs')
    assert.include((await client.get('/sitemaps/documents/0')).text(), hidden.slug)
    await client.get('/sitemap.xml')
    assert.isTrue(await waitFor(() => disk.exists('v2/sitemaps/documents-0.xml')), 'the live render was stored')
    assert.isTrue(await waitFor(() => disk.exists('v2/sitemaps/index.xml')))

    ;(
      await api(client, owner).patch(urlFor('api.my.documents.update', { id: hidden.id }), { visibility: 'private' })
    ).assertStatus(200)
    ;(await api(client, owner).delete(urlFor('api.my.documents.destroy', { id: gone.id }))).assertStatus(200)

    const chunk = (await client.get('/sitemaps/documents/0')).text()
    assert.include(chunk, kept.slug)
    assert.notInclude(chunk, hidden.slug, 'a private document is not served from the stored chunk')
    assert.notInclude(chunk, gone.slug, 'a deleted document is not served from the stored chunk')
    const { urls } = await crawlSitemaps(client)
    assert.notInclude(urls.join('\n'), 'stored-then-')
  })

  test('a document made private drops out even when only its index entry was stored', async ({ client, assert }) => {
    const owner = await createUser()
    const only = await createDocument({ slug: 'the-only-public-doc', ownerId: owner.id })
    await client.get('/sitemap.xml')
    assert.isTrue(await waitFor(() => drive.use('fs').exists('v2/sitemaps/index.xml')))
    ;(
      await api(client, owner).patch(urlFor('api.my.documents.update', { id: only.id }), { visibility: 'private' })
    ).assertStatus(200)
    const index = (await client.get('/sitemap.xml')).text()
    assert.notInclude(index, '/sitemaps/documents/0', 'the index lists no chunk that would now be 404')
  })
  test("a disk that fails while dropping stale objects never fails the user's change", async ({ client, assert }) => {
    class BrokenListing extends SitemapStore {
      override async list(): Promise<string[]> {
        throw new Error('storage unavailable (list)')
      }
    }
    app.container.swap(SitemapStore, () => new BrokenListing('fs'))
    const owner = await createUser()
    const doc = await createDocument({ slug: 'private-despite-disk', ownerId: owner.id })
    const response = await api(client, owner).patch(urlFor('api.my.documents.update', { id: doc.id }), {
      visibility: 'private',
    })
    response.assertStatus(200)
    assert.equal((await Document.findOrFail(doc.id)).visibility, 'private')
  })
})

test.group('Crawler surfaces / outside clients: llms.txt', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /**
   * The llmstxt.org reference parser (AnswerDotAI/llms-txt, miniparse.py `parse_llms_txt`), its
   * regular expressions as published: every non-empty line of an H2 section must be a
   * `- [title](url): notes` item, or the parser fails.
   */
  const REFERENCE_PARSER = String.raw`
import json, re, sys, itertools
def chunked(it, n):
    it = iter(it)
    return iter(lambda: list(itertools.islice(it, n)), [])
def parse_llms_txt(txt):
    def _p(links):
        link_pat = '-\s*\[(?P<title>[^\]]+)\]\((?P<url>[^\)]+)\)(?::\s*(?P<desc>.*))?'
        return [re.search(link_pat, l).groupdict() for l in re.split(r'\n+', links.strip()) if l.strip()]
    start,*rest = re.split(fr'^##\s*(.*?$)', txt, flags=re.MULTILINE)
    sects = {k: _p(v) for k,v in dict(chunked(rest, 2)).items()}
    pat = '^#\s*(?P<title>.+?$)\n+(?:^>\s*(?P<summary>.+?$)$)?\n+(?P<info>.*)'
    d = re.search(pat, start.strip(), (re.MULTILINE|re.DOTALL)).groupdict()
    d['sections'] = sects
    return d
print(json.dumps(parse_llms_txt(sys.stdin.read())))
`

  async function referenceParse(text: string) {
    const child = execFileAsync('python3', ['-c', REFERENCE_PARSER])
    child.child.stdin!.end(text)
    const { stdout } = await child
    return JSON.parse(stdout)
  }

  test('the llmstxt.org reference parser reads every section as a list of links', async ({ client, assert }) => {
    await createInstitution()
    await createDocument({ title: 'Evil ](javascript:alert(1)) [x] `code`\n## Injected' })
    await createDocument({ title: '<script>alert(1)</script> & "quotes"' })
    const response = await client.get('/llms.txt')
    response.assertStatus(200)
    const text = response.text()
    const parsed = await referenceParse(text)
    assert.equal(parsed.title, 'StudyHub')
    assert.isString(parsed.summary)
    assert.includeMembers(Object.keys(parsed.sections), [
      'Catalog scale',
      'Catalog',
      'AI study tools',
      'Pricing and company',
      'Sitemaps',
      'Crawling policy',
    ])
    assert.lengthOf(Object.keys(parsed.sections), 6, 'no section injected by a title')
    // docs/rules/crawler.md#llms: the AI study tools section is the 12 tools, one line each;
    // the /ai hub is linked from the intro.
    assert.deepEqual(
      parsed.sections['AI study tools'].map((link: any) => link.url),
      AI_TOOL_PAGES.map((tool) => `${appUrl}/ai/${tool.slug}`)
    )
    assert.include(parsed.info, `(${appUrl}/ai)`)
    for (const links of Object.values(parsed.sections) as { url: string }[][]) {
      for (const link of links) assert.match(link.url, new RegExp(`^${appUrl.replace(/[.:/]/g, '\\$&')}/`))
    }
    const scale = parsed.sections['Catalog scale'].map((link: any) => link.desc).join('\n')
    assert.include(scale, '2 public documents')
    assert.include(scale, '1 public institution')
    assert.notInclude(text, 'Evil', 'no catalog title reaches llms.txt')
  })
})
