import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import catalogPageCache from '#services/catalog/catalog_page_cache'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { testServerUrl } from '#tests/support/test_run'
import { swapSettings } from '#tests/support/settings'
import { CatalogSettings } from '#services/catalog/catalog_settings'

/** A crawler's request: no cookie at all (Japa's client always sends a session cookie). */
async function crawl(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(testServerUrl(path), { headers: { accept: 'text/html', ...headers } })
  const text = await response.text()
  return { status: response.status, text, header: (name: string) => response.headers.get(name) ?? undefined }
}

/**
 * Issue 19: anonymous catalog pages come from a short-TTL full-response cache (same bytes),
 * answer 304 to a matching If-None-Match, are dropped on a catalog write, carry s-maxage for a
 * CDN and never a Set-Cookie; signed-in pages are never cached.
 */
test.group('Catalog pages / anonymous page cache (issue 19)', (group) => {
  group.each.setup(() => {
    const restore = swapSettings(CatalogSettings, { pageCacheTtlMs: 60_000 })
    catalogPageCache.invalidate()
    return () => {
      restore()
      catalogPageCache.invalidate()
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a second anonymous request is a cache hit: same bytes, validators, no cookies', async ({ assert }) => {
    const institution = await createInstitution({ name: 'Cached University' })
    const course = await createCourse({ title: 'Cached Course', institutionId: institution.id })
    const document = await createDocument({ title: 'Cached notes', courseId: course.id })
    for (const path of [
      '/documents',
      `/documents/${document.slug}`,
      `/courses/${course.slug}`,
      `/institutions/${institution.slug}`,
    ]) {
      const first = await crawl(path)
      assert.equal(first.status, 200)
      const second = await crawl(path)
      assert.equal(second.status, 200)
      assert.equal(second.text, first.text, path)
      assert.isUndefined(first.header('set-cookie'), `${path}: no cookie in a shareable response`)
      assert.isUndefined(second.header('set-cookie'))
      assert.match(second.header('etag') || '', /^"[\w-]+"$/)
      assert.equal(second.header('etag'), first.header('etag'))
      assert.isString(second.header('last-modified'))
      assert.include(second.header('cache-control'), 's-maxage=')
      assert.include(second.header('cache-control'), 'public')
      assert.includeMembers(
        String(second.header('vary')).split(', '),
        ['Cookie', 'X-Inertia'],
        'a CDN keys on the cookie and the Inertia header'
      )
      assert.equal(second.header('x-content-type-options'), 'nosniff')
      assert.isString(second.header('content-security-policy'))
    }
  })

  test('search pages are neither kept nor served from the cache (issue 26)', async ({ assert }) => {
    await createDocument({ title: 'Cached notes' })
    const list = await crawl('/documents')
    assert.equal(list.status, 200)
    assert.isDefined(catalogPageCache.get('/documents'))
    for (const q of ['cached', 'notes', 'cach']) {
      const search = await crawl(`/documents?q=${q}`)
      assert.equal(search.status, 200)
      assert.include(search.text, 'Cached notes')
      assert.isUndefined(catalogPageCache.get(`/documents?q=${q}`), q)
      assert.notInclude(String(search.header('cache-control')), 's-maxage')
    }
    assert.isDefined(catalogPageCache.get('/documents'))
  })

  test('If-None-Match with the ETag answers 304 without a body', async ({ assert }) => {
    await createDocument({ title: 'Conditional notes' })
    const first = await crawl(urlFor('pages.documents.index'))
    const etag = first.header('etag')!
    const revalidated = await crawl(urlFor('pages.documents.index'), { 'if-none-match': etag })
    assert.equal(revalidated.status, 304)
    assert.equal(revalidated.text, '')
    const other = await crawl(urlFor('pages.documents.index'), { 'if-none-match': '"something-else"' })
    assert.equal(other.status, 200)
    assert.equal(other.text, first.text)
  })

  test('a catalog write drops the cached page', async ({ assert }) => {
    await createDocument({ title: 'Before the write' })
    const before = await crawl(urlFor('pages.documents.index'))
    assert.include(before.text, 'Before the write')
    assert.notInclude(before.text, 'After the write')
    // A row written behind the cache's back (no model hook): the cached page is what is served.
    await db.table('documents').insert({
      slug: 'behind-the-cache',
      title: 'Behind the cache',
      visibility: 'public',
      created_at: '2026-01-01 00:00:00',
      updated_at: '2026-01-01 00:00:00',
    })
    assert.equal((await crawl(urlFor('pages.documents.index'))).text, before.text)
    await createDocument({ title: 'After the write' })
    const after = await crawl(urlFor('pages.documents.index'))
    assert.include(after.text, 'After the write')
    assert.notEqual(after.header('etag'), before.header('etag'))
  })

  test('signed-in pages are rendered per user, never cached nor served from the cache', async ({ client, assert }) => {
    const owner = await createUser()
    const course = await createCourse({ title: 'Private course', visibility: 'private', ownerId: owner.id })
    await createDocument({ title: 'Public notes' })
    const anonymous = await crawl(urlFor('pages.documents.index'))
    assert.isString(anonymous.header('etag'))
    const signedIn = await client.get(urlFor('pages.documents.index')).loginAs(owner)
    signedIn.assertStatus(200)
    assert.isUndefined(signedIn.header('etag'))
    assert.notInclude(String(signedIn.header('cache-control') || ''), 'public')
    assert.isDefined(signedIn.header('set-cookie'), 'the signed-in response keeps its session and XSRF cookies')
    // The owner sees their private course; the anonymous cached page never does, before or after.
    const mine = await client.get(urlFor('pages.courses.show', { slug: course.slug })).loginAs(owner)
    mine.assertStatus(200)
    assert.equal((await crawl(urlFor('pages.courses.show', { slug: course.slug }))).status, 404)
    const again = await crawl(urlFor('pages.documents.index'))
    assert.equal(again.text, anonymous.text)
  })
})
