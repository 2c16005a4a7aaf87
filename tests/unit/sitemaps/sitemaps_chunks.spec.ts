import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createDocument } from '#tests/support/catalog'
import { SitemapRepository } from '#services/sitemaps/sitemap_repository'
import { renderChunkXml } from '#services/sitemaps/sitemap_service'
import { UrlsetBuilder, escapeXml, toIsoUtc } from '#services/sitemaps/xml'
import { CHUNK_SIZE, MAX_SITEMAP_BYTES, SITEMAP_OBJECT_CACHE_CONTROL } from '#services/sitemaps/constants'
import { parseGcsCredentials } from '#start/storage_credentials'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { robotsTxt } from '#services/sitemaps/site_texts'

test.group('Sitemaps / chunk boundaries (SPEC B rule 1, CONTRACT 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('chunk N holds public rows N×size … N×size+size−1; new chunks as rows grow', async ({ assert }) => {
    const publicIds: number[] = []
    for (let i = 0; i < 7; i++) {
      publicIds.push((await createDocument({ slug: `chunk-${i}` })).id)
      await createDocument({ visibility: 'private' })
    }
    const repo = new SitemapRepository(3, 2)
    assert.equal(await repo.count('documents'), 7)
    assert.equal(repo.chunksFor(7), 3)
    const c0 = await repo.chunkRows('documents', 0)
    const c1 = await repo.chunkRows('documents', 1)
    const c2 = await repo.chunkRows('documents', 2)
    assert.deepEqual(
      c0!.map((r) => r.id),
      publicIds.slice(0, 3)
    )
    assert.deepEqual(
      c1!.map((r) => r.id),
      publicIds.slice(3, 6)
    )
    assert.deepEqual(
      c2!.map((r) => r.id),
      publicIds.slice(6)
    )
    assert.isNull(await repo.chunkRows('documents', 3))
    const summaries = await repo.chunkSummaries('documents')
    assert.deepEqual(
      summaries.map((s) => [s.chunk, s.count]),
      [
        [0, 3],
        [1, 3],
        [2, 1],
      ]
    )

    // Growth: two more rows fill chunk 2; a third opens chunk 3. Earlier chunks are stable.
    for (let i = 7; i < 10; i++) publicIds.push((await createDocument({ slug: `chunk-${i}` })).id)
    assert.deepEqual(
      (await repo.chunkRows('documents', 0))!.map((r) => r.id),
      publicIds.slice(0, 3)
    )
    assert.deepEqual(
      (await repo.chunkRows('documents', 3))!.map((r) => r.id),
      publicIds.slice(9)
    )
    assert.equal(repo.chunksFor(await repo.count('documents')), 4)
  })

  test('the production chunk size is 50,000', ({ assert }) => {
    assert.equal(CHUNK_SIZE, 50_000)
  })
})

test.group('Sitemaps / XML writer', () => {
  test('escapes every XML special character and drops invalid control characters', ({ assert }) => {
    assert.equal(escapeXml(`a&b<c>d"e'f\u0001g`), 'a&amp;b&lt;c&gt;d&quot;e&apos;fg')
  })

  test('a chunk is cut before it passes the byte limit (sitemaps.org 50 MB)', ({ assert }) => {
    const builder = new UrlsetBuilder(1000)
    let added = 0
    for (let i = 0; i < 50; i++)
      if (builder.add(`https://x.test/documents/slug-${i}`, '2026-01-01T00:00:00Z', 'weekly', '0.6')) added++
    assert.isBelow(added, 50)
    assert.equal(builder.refused, 50 - added)
    const xml = builder.finish()
    assert.isAtMost(Buffer.byteLength(xml), 1000)
    assert.match(xml, /<\/urlset>\n$/)
  })

  test('50,000 URLs with 200-character slugs stay far under 50 MB (CONTRACT 12)', ({ assert }) => {
    const rows = Array.from({ length: CHUNK_SIZE }, (_, i) => ({
      id: i + 1,
      slug: `${i}-`.padEnd(200, 'x'),
      updated_at: '2026-01-01T00:00:00.000Z',
    }))
    const rendered = renderChunkXml('documents', rows)
    assert.equal(rendered.count, CHUNK_SIZE)
    assert.equal(rendered.refused, 0)
    assert.isBelow(Buffer.byteLength(rendered.xml), MAX_SITEMAP_BYTES / 2)
  })

  test('database timestamps become ISO 8601 UTC', ({ assert }) => {
    assert.equal(toIsoUtc('2026-01-02 03:04:05'), '2026-01-02T03:04:05.000Z')
    assert.equal(toIsoUtc('2026-01-02T03:04:05.123+02:00'), '2026-01-02T01:04:05.123Z')
    assert.equal(toIsoUtc(new Date('2026-01-02T03:04:05Z')), '2026-01-02T03:04:05.000Z')
  })
})

test.group('Sitemaps / storage settings (CONTRACT 10)', () => {
  test('GCS_CREDENTIALS is accepted raw or base64-encoded', ({ assert }) => {
    const json = { type: 'service_account', project_id: 'p', client_email: 'a@b.c' }
    assert.deepEqual(parseGcsCredentials(JSON.stringify(json)), json)
    assert.deepEqual(parseGcsCredentials(Buffer.from(JSON.stringify(json)).toString('base64')), json)
    assert.isUndefined(parseGcsCredentials(undefined))
    assert.throws(() => parseGcsCredentials('not json at all'))
  })

  test('uploads carry Cache-Control public, max-age=604800 under v2/sitemaps/', async ({ assert }) => {
    const calls: any[] = []
    class RecordingStore extends SitemapStore {
      protected override disk(): any {
        return { put: async (...args: any[]) => calls.push(args) }
      }
    }
    await new RecordingStore('gcs').put('documents-3', '<x/>')
    assert.deepEqual(calls, [
      [
        'v2/sitemaps/documents-3.xml',
        '<x/>',
        { contentType: 'application/xml; charset=utf-8', cacheControl: SITEMAP_OBJECT_CACHE_CONTROL },
      ],
    ])
    assert.equal(SITEMAP_OBJECT_CACHE_CONTROL, 'public, max-age=604800')
    assert.isFalse(new SitemapStore(null).enabled)
  })

  test('robots.txt ends with the Sitemap line for the site URL', ({ assert }) => {
    assert.match(robotsTxt('https://example.test'), /\n\nSitemap: https:\/\/example\.test\/sitemap\.xml\n$/)
  })
})
