import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { createDocument } from '#tests/support/catalog'
import { snapshotForCleanup, startLocalServer } from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { CRON_FORWARD_TIMEOUT_MS } from '#services/sitemaps/cron_forwarder'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { swapSettings } from '#tests/support/settings'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'

test.group('Sitemaps / GET /api/cron/sitemap (SPEC B rule 7, CONTRACT 12)', (group) => {
  group.each.setup(() => snapshotForCleanup())
  group.each.setup(() => {
    app.container.swap(SitemapStore, () => new SitemapStore(null))
    return () => app.container.restore(SitemapStore)
  })

  test('an unset CRON_SECRET always answers 401', async ({ client }) => {
    const restore = swapSettings(SitemapSettings, { cronSecret: '' })
    try {
      for (const header of [null, 'Bearer ', 'Bearer undefined', 'Bearer anything']) {
        const request = client.get(urlFor('site.cron_sitemap'))
        if (header !== null) request.header('authorization', header)
        const response = await request
        response.assertStatus(401)
        response.assertBodyContains({ code: 'UNAUTHORIZED', status: 401 })
      }
    } finally {
      restore()
    }
  })

  test('a missing or wrong bearer token answers 401', async ({ client }) => {
    const restore = swapSettings(SitemapSettings, { cronSecret: 'cron-secret' })
    try {
      for (const header of [null, 'Bearer wrong', 'cron-secret', 'Basic cron-secret', 'Bearer cron-secre']) {
        const request = client.get(urlFor('site.cron_sitemap'))
        if (header !== null) request.header('authorization', header)
        const response = await request
        response.assertStatus(401)
      }
    } finally {
      restore()
    }
  })

  test('forwards POST {BACKEND_URL}/sitemap/regenerate with the secret; backend JSON', async ({ client, assert }) => {
    const seen: { method?: string; url?: string; secret?: string } = {}
    const backend = await startLocalServer((req, res) => {
      seen.method = req.method
      seen.url = req.url
      seen.secret = req.headers['x-sitemap-secret'] as string
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          durationMs: 12,
          counts: { institutions: 1, courses: 2, documents: 3 },
          uploaded: 4,
          skipped: 5,
        })
      )
    })
    const restore = swapSettings(SitemapSettings, {
      cronSecret: 'cron-secret',
      regenerateSecret: 'sitemap-secret',
      backendUrl: `${backend.url}/api`,
    })
    try {
      const response = await client.get(urlFor('site.cron_sitemap')).header('authorization', 'Bearer cron-secret')
      response.assertStatus(200)
      response.assertBody({
        durationMs: 12,
        counts: { institutions: 1, courses: 2, documents: 3 },
        uploaded: 4,
        skipped: 5,
      })
      assert.deepEqual(seen, { method: 'POST', url: '/api/sitemap/regenerate', secret: 'sitemap-secret' })
    } finally {
      restore()
      await backend.close()
    }
  })

  test('a backend error is 502 with backend_status and the first 200 body characters', async ({ client, assert }) => {
    const longBody = JSON.stringify({ code: 'INTERNAL_SERVER_ERROR', message: 'boom '.repeat(100), status: 500 })
    const backend = await startLocalServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(longBody)
    })
    const restore = swapSettings(SitemapSettings, {
      cronSecret: 'cron-secret',
      regenerateSecret: 'sitemap-secret',
      backendUrl: backend.url,
    })
    try {
      const response = await client.get(urlFor('site.cron_sitemap')).header('authorization', 'Bearer cron-secret')
      response.assertStatus(502)
      const body = response.body()
      assert.equal(body.code, 'BAD_GATEWAY')
      assert.equal(body.status, 502)
      assert.equal(body.backend_status, 500)
      assert.equal(body.backend_body, longBody.slice(0, 200))
      assert.lengthOf(body.backend_body, 200)
      assert.isString(body.message)
    } finally {
      restore()
      await backend.close()
    }
  })

  test('a backend 403 (secret mismatch) is a 502 too', async ({ client, assert }) => {
    const restore = swapSettings(SitemapSettings, { cronSecret: 'cron-secret', regenerateSecret: '', backendUrl: '' })
    try {
      // Default BACKEND_URL = {site_url}/api: this very server, whose secret is unset → 403.
      const response = await client.get(urlFor('site.cron_sitemap')).header('authorization', 'Bearer cron-secret')
      response.assertStatus(502)
      assert.equal(response.body().backend_status, 403)
      assert.include(response.body().backend_body, 'SITEMAP_REGENERATE_SECRET is not configured on the server.')
    } finally {
      restore()
    }
  })

  test('end to end against the default backend ({site_url}/api) regenerates', async ({ client, assert }) => {
    await createDocument()
    const restore = swapSettings(SitemapSettings, {
      cronSecret: 'cron-secret',
      regenerateSecret: 'sitemap-secret',
      backendUrl: '',
    })
    try {
      const response = await client.get(urlFor('site.cron_sitemap')).header('authorization', 'Bearer cron-secret')
      response.assertStatus(200)
      assert.isAtLeast(response.body().counts.documents, 1)
      assert.containsSubset(response.body(), { uploaded: 0, skipped: 0 })
    } finally {
      restore()
    }
  })

  test('an unreachable backend is a 502', async ({ client, assert }) => {
    const backend = await startLocalServer((_req, res) => res.end())
    await backend.close()
    const restore = swapSettings(SitemapSettings, {
      cronSecret: 'cron-secret',
      regenerateSecret: 's',
      backendUrl: backend.url,
    })
    try {
      const response = await client.get(urlFor('site.cron_sitemap')).header('authorization', 'Bearer cron-secret')
      response.assertStatus(502)
      assert.equal(response.body().code, 'BAD_GATEWAY')
    } finally {
      restore()
    }
  })

  test('the forward timeout is at least 5 minutes (SPEC Limits)', ({ assert }) => {
    assert.isAtLeast(CRON_FORWARD_TIMEOUT_MS, 5 * 60 * 1000)
  })
})
