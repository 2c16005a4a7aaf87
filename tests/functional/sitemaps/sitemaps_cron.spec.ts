import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import { createDocument } from '#tests/support/catalog'
import { snapshotForCleanup, startLocalServer } from '#tests/support/sitemaps'
import { SitemapStore } from '#services/sitemaps/sitemap_store'
import { CRON_FORWARD_TIMEOUT_MS } from '#services/sitemaps/cron_forwarder'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { swapSettings } from '#tests/support/settings'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'

/**
 * The cron route called with the right bearer token, forwarding to `backendUrl` ('' = the
 * default, this server's /api). The settings swap ends with the test (tests/bootstrap.ts).
 */
function cronForwardingTo(client: ApiClient, backendUrl: string, regenerateSecret = 'sitemap-secret') {
  swapSettings(SitemapSettings, { cronSecret: 'cron-secret', regenerateSecret, backendUrl })
  return client.get(urlFor('site.cron_sitemap')).header('authorization', 'Bearer cron-secret')
}

test.group('Sitemaps / GET /api/cron/sitemap (SPEC B rule 7, CONTRACT 12)', (group) => {
  group.each.setup(() => snapshotForCleanup())
  group.each.setup(() => {
    app.container.swap(SitemapStore, () => new SitemapStore(null))
    return () => app.container.restore(SitemapStore)
  })

  test('{case} answers 401 UNAUTHORIZED')
    .with([
      {
        case: 'an unset CRON_SECRET',
        cronSecret: '',
        headers: [null, 'Bearer ', 'Bearer undefined', 'Bearer anything'],
      },
      {
        case: 'a missing or wrong bearer token',
        cronSecret: 'cron-secret',
        headers: [null, 'Bearer wrong', 'cron-secret', 'Basic cron-secret', 'Bearer cron-secre'],
      },
    ])
    .run(async ({ client }, row) => {
      swapSettings(SitemapSettings, { cronSecret: row.cronSecret })
      for (const header of row.headers) {
        const request = client.get(urlFor('site.cron_sitemap'))
        if (header !== null) request.header('authorization', header)
        const response = await request
        response.assertStatus(401)
        response.assertBodyContains({ code: 'UNAUTHORIZED', status: 401 })
      }
    })

  test('forwards POST to {BACKEND_URL}/sitemap/regenerate with the secret', async ({ client, assert, cleanup }) => {
    const seen: { method?: string; url?: string; secret?: string } = {}
    const answer = { durationMs: 12, counts: { institutions: 1, courses: 2, documents: 3 }, uploaded: 4, skipped: 5 }
    const backend = await startLocalServer((req, res) => {
      seen.method = req.method
      seen.url = req.url
      seen.secret = req.headers['x-sitemap-secret'] as string
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer))
    })
    cleanup(() => backend.close())
    const response = await cronForwardingTo(client, `${backend.url}/api`)
    response.assertStatus(200)
    response.assertBody(answer)
    assert.deepEqual(seen, { method: 'POST', url: '/api/sitemap/regenerate', secret: 'sitemap-secret' })
  })

  test('a backend error is 502 with its status and first 200 body characters', async ({ client, assert, cleanup }) => {
    const longBody = JSON.stringify({ code: 'INTERNAL_SERVER_ERROR', message: 'boom '.repeat(100), status: 500 })
    const backend = await startLocalServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(longBody)
    })
    cleanup(() => backend.close())
    const response = await cronForwardingTo(client, backend.url)
    response.assertStatus(502)
    const body = response.body()
    assert.equal(body.code, 'BAD_GATEWAY')
    assert.equal(body.status, 502)
    assert.equal(body.backend_status, 500)
    assert.equal(body.backend_body, longBody.slice(0, 200))
    assert.lengthOf(body.backend_body, 200)
    assert.isString(body.message)
  })

  test('a backend 403 (secret mismatch) is a 502 too', async ({ client, assert }) => {
    // Default BACKEND_URL = {site_url}/api: this very server, whose secret is unset → 403.
    const response = await cronForwardingTo(client, '', '')
    response.assertStatus(502)
    assert.equal(response.body().backend_status, 403)
    assert.include(response.body().backend_body, 'SITEMAP_REGENERATE_SECRET is not configured on the server.')
  })

  test('end to end against the default backend ({site_url}/api) regenerates', async ({ client, assert }) => {
    await createDocument()
    const response = await cronForwardingTo(client, '')
    response.assertStatus(200)
    assert.isAtLeast(response.body().counts.documents, 1)
    assert.containsSubset(response.body(), { uploaded: 0, skipped: 0 })
  })

  test('an unreachable backend is a 502', async ({ client, assert }) => {
    const backend = await startLocalServer((_req, res) => res.end())
    await backend.close()
    const response = await cronForwardingTo(client, backend.url, 's')
    response.assertStatus(502)
    assert.equal(response.body().code, 'BAD_GATEWAY')
  })

  test('the forward timeout is at least 5 minutes (SPEC Limits)', ({ assert }) => {
    assert.isAtLeast(CRON_FORWARD_TIMEOUT_MS, 5 * 60 * 1000)
  })
})
