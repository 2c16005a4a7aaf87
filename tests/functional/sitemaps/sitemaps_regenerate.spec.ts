import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import app from '@adonisjs/core/services/app'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { createUser } from '#tests/support/users'
import { snapshotForCleanup } from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { regenerationLock } from '#services/sitemaps/regeneration_service'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { swapSettings } from '#tests/support/settings'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'

test.group('Sitemaps / regeneration routes (SPEC B, CONTRACT 12)', (group) => {
  // Commits for real (the single-flight lock uses its own connection) and cleans up after.
  group.each.setup(() => snapshotForCleanup())
  group.each.setup(() => {
    app.container.swap(SitemapStore, () => new SitemapStore(null))
    return () => app.container.restore(SitemapStore)
  })

  test('an unset SITEMAP_REGENERATE_SECRET answers 403 "… is not configured …"', async ({ client }) => {
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

  test('the right secret regenerates; with no disk: uploaded 0, skipped 0', async ({ client, assert }) => {
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

  test('while a regeneration runs, both regenerate routes are 429 with Retry-After', async ({ client, assert }) => {
    const restore = swapSettings(SitemapSettings, { regenerateSecret: 'right-secret' })
    const held = regenerationLock('1m')
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

  test('POST /api/admin/sitemap/regenerate: 401 anonymous, 403 user, 200 admin', async ({ client, assert }) => {
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

  test('/admin/seo renders for admins and sends anonymous visitors to login', async ({ client, assert }) => {
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
