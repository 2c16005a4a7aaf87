import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { appUrl } from '#config/app'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import {
  FailingSitemapStore,
  MemorySitemapStore,
  locs,
  SITEMAP_CACHE,
  emptySitemapDisk,
  storesOnFsDisk,
  waitFor,
  regeneratesToDisk,
} from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { SitemapRegenerationService } from '#services/sitemaps/regeneration_service'
import Document from '#models/document'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Sitemaps / storage-first reads on the fs disk (SPEC B rule 4)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  storesOnFsDisk(group)

  test('a stored object is served as is', async ({ client, assert }) => {
    const stored = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${appUrl}/stored-marker</loc></url></urlset>\n`
    await drive.use('fs').put('v2/sitemaps/static.xml', stored)
    const response = await client.get(urlFor('site.sitemap_static'))
    response.assertStatus(200)
    response.assertHeader('cache-control', SITEMAP_CACHE)
    assert.equal(response.text(), stored)
    const backend = await client.get(urlFor('api.sitemap.xml_static'))
    assert.equal(backend.text(), stored)
  })

  test('a missing object is rendered live and uploaded to v2/sitemaps/<name>.xml', async ({ client, assert }) => {
    await createDocument({ slug: 'live-upload' })
    const response = await client.get(urlFor('api.sitemap.xml_chunk', { kind: 'documents', chunk: '0' }))
    response.assertStatus(200)
    assert.include(response.text(), `${appUrl}/documents/live-upload`)
    const disk = drive.use('fs')
    assert.isTrue(await waitFor(() => disk.exists('v2/sitemaps/documents-0.xml')), 'uploaded after the live render')
    assert.equal(await disk.get('v2/sitemaps/documents-0.xml'), response.text())

    const index = await client.get(urlFor('site.sitemap_index'))
    assert.isTrue(await waitFor(() => disk.exists('v2/sitemaps/index.xml')))
    assert.equal(await disk.get('v2/sitemaps/index.xml'), index.text())
  })

  test('out-of-range chunks are not uploaded', async ({ client, assert }) => {
    const response = await client.get(urlFor('api.sitemap.xml_chunk', { kind: 'documents', chunk: '4' }))
    response.assertStatus(404)
    await new Promise((r) => setTimeout(r, 100))
    assert.isFalse(await drive.use('fs').exists('v2/sitemaps/documents-4.xml'))
  })
})

test.group('Sitemaps / failing disk and no disk (SPEC B rules 4 and 5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an upload failure never fails the request (failing disk)', async ({ client, assert }) => {
    const failing = new FailingSitemapStore()
    app.container.swap(SitemapStore, () => failing)
    try {
      await createInstitution({ slug: 'still-served' })
      for (const path of [
        '/sitemap.xml',
        '/sitemaps/static',
        '/sitemaps/institutions/0',
        '/api/sitemap/xml/institutions/0',
      ]) {
        const response = await client.get(path)
        response.assertStatus(200)
        response.assertHeader('cache-control', SITEMAP_CACHE)
        assert.include(response.text(), '<?xml')
      }
      assert.include(
        (await client.get(urlFor('site.sitemap_chunk', { kind: 'institutions', chunk: '0' }))).text(),
        `${appUrl}/institutions/still-served`
      )
      assert.isTrue(await waitFor(async () => failing.attempts >= 4), 'uploads were attempted and failed')
    } finally {
      app.container.restore(SitemapStore)
    }
  })

  test('with no disk every read is live and nothing is stored', async ({ client, assert }) => {
    await emptySitemapDisk()
    app.container.swap(SitemapStore, () => new SitemapStore(null))
    try {
      await createCourse({ slug: 'live-only' })
      const response = await client.get(urlFor('site.sitemap_chunk', { kind: 'courses', chunk: '0' }))
      response.assertStatus(200)
      assert.include(response.text(), `${appUrl}/courses/live-only`)
      await new Promise((r) => setTimeout(r, 100))
      assert.isFalse(await drive.use('fs').exists('v2/sitemaps/courses-0.xml'))
    } finally {
      app.container.restore(SitemapStore)
    }
  })
})

test.group('Sitemaps / regeneration to a disk (CONTRACT 10 and 12)', (group) => {
  regeneratesToDisk(group)

  test('first run uploads every object; a second run with nothing changed uploads 0', async ({ assert }) => {
    await createInstitution()
    await createCourse()
    await createDocument()
    await createDocument()
    await createDocument({ visibility: 'private' })
    const store = new SitemapStore('fs')
    const service = new SitemapRegenerationService(store)

    const first = await service.regenerate()
    assert.deepEqual(first.counts, { institutions: 1, courses: 1, documents: 2 })
    // static + institutions-0 + courses-0 + documents-0 + index
    assert.equal(first.uploaded, 5)
    assert.equal(first.skipped, 0)
    const disk = drive.use('fs')
    for (const name of ['index', 'static', 'institutions-0', 'courses-0', 'documents-0']) {
      assert.isTrue(await disk.exists(`v2/sitemaps/${name}.xml`), name)
    }
    const index = await disk.get('v2/sitemaps/index.xml')
    assert.deepEqual(locs(index), [
      `${appUrl}/sitemaps/static`,
      `${appUrl}/sitemaps/institutions/0`,
      `${appUrl}/sitemaps/courses/0`,
      `${appUrl}/sitemaps/documents/0`,
    ])

    const second = await service.regenerate()
    assert.equal(second.uploaded, 0)
    assert.equal(second.skipped, 5)
    assert.deepEqual(second.changes!.documents, { previous: 2, current: 2, added: 0, removed: 0 })
  })

  test('only changed objects upload; index last; change since last run; shrink warning', async ({ assert }) => {
    const docs = []
    for (let i = 0; i < 5; i++) docs.push(await createDocument())
    const store = new MemorySitemapStore()
    const service = new SitemapRegenerationService(store)
    const first = await service.regenerate({ chunkSize: 2 })
    assert.deepEqual(store.puts, ['static', 'documents-0', 'documents-1', 'documents-2', 'index'])
    assert.equal(first.uploaded, 5)
    assert.isNull(first.changes)

    // One document in chunk 1 changes; two documents leave (chunk 2 disappears).
    store.puts = []
    await Document.query()
      .where('id', docs[2].id)
      .update({ updated_at: new Date('2030-01-01T00:00:00Z') })
    await Document.query().whereIn('id', [docs[4].id]).update({ visibility: 'private' })
    const added = await createDocument()
    await Document.query().whereIn('id', [added.id]).update({ visibility: 'private' })
    await Document.query().whereIn('id', [docs[0].id]).delete()
    const second = await service.regenerate({ chunkSize: 2 })
    assert.deepEqual(second.counts.documents, 3)
    assert.deepEqual(second.changes!.documents, { previous: 5, current: 3, added: 0, removed: 2 })
    assert.lengthOf(second.warnings, 1)
    assert.match(second.warnings[0], /documents shrank by 40\.0%/)
    assert.equal(store.puts[store.puts.length - 1], 'index')
    assert.isFalse(store.objects.has('documents-2'), 'stale chunk removed')
    assert.equal(second.deleted, 1)
    assert.include(store.objects.get('documents-0')!, '<lastmod>2030-01-01T00:00:00Z</lastmod>')
  })

  test('a failing disk fails the regeneration (the caller sees a safe 500), never a read', async ({ assert }) => {
    await createDocument()
    const service = new SitemapRegenerationService(new FailingSitemapStore())
    await assert.rejects(() => service.regenerate())
  })
})
