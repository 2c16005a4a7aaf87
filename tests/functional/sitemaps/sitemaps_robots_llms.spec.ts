import { test } from '@japa/runner'
import { SITEMAP_CACHE } from '#tests/support/sitemaps'
import testUtils from '@adonisjs/core/services/test_utils'
import robotsParserModule from 'robots-parser'
import { appUrl } from '#config/app'
import { createDocument, createInstitution } from '#tests/support/catalog'
import { AI_TOOL_PAGES } from '#services/sitemaps/constants'
import { ROBOTS_DISALLOW } from '#services/sitemaps/site_texts'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { urlFor } from '@adonisjs/core/services/url_builder'

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

test.group('Sitemaps / robots.txt and llms.txt (SPEC B)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // No swap: the store comes from the container as configured (no SITEMAP_DISK in tests), so
  // these tests exercise live rendering (docs/rules/crawler.md#storage).

  test('robots.txt: five agent blocks in order, allow/disallow lists, Sitemap line', async ({ client, assert }) => {
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

  test('robots.txt means the same to first-match and longest-match (RFC 9309) parsers', async ({ client, assert }) => {
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
    response.assertHeader('cache-control', SITEMAP_CACHE)
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
    assert.include(text, `- [Documents](${appUrl}/documents): 2 public documents\n`)
    assert.include(text, `- [Institutions](${appUrl}/institutions): 1 public institution\n`)
    for (const tool of AI_TOOL_PAGES) assert.include(text, `](${appUrl}/ai/${tool.slug}): `)
    for (const dir of ['institutions', 'courses', 'documents']) assert.include(text, `](${appUrl}/${dir}): `)
    assert.include(text, `${appUrl}/sitemap.xml`)
  })
})
