import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import env from '#start/env'
import { swapSettings } from '#tests/support/settings'
import { AdsSettings } from '#services/pages/ads_settings'
import { DEFAULT_ADS_PUBLISHER_ID } from '#config/ads'

test.group('Ads / ads.txt and the account meta tag (SPEC C, CONTRACT 12)', () => {
  test('GET /ads.txt answers 200 text/plain with the authorized-seller line', async ({ client, assert }) => {
    const restore = swapSettings(AdsSettings, { publisherId: DEFAULT_ADS_PUBLISHER_ID })
    try {
      const response = await client.get(urlFor('site.ads_txt'))
      response.assertStatus(200)
      assert.match(response.header('content-type') ?? '', /^text\/plain/)
      assert.equal(response.text(), 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0')
      assert.isUndefined(response.header('set-cookie'))
    } finally {
      restore()
    }
  })

  test('the publisher id comes from ADS_PUBLISHER_ID', async ({ client, assert }) => {
    const restore = swapSettings(AdsSettings, { publisherId: 'pub-1234567890123456' })
    try {
      const response = await client.get(urlFor('site.ads_txt'))
      response.assertStatus(200)
      assert.equal(response.text(), 'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0')
    } finally {
      restore()
    }
  })

  test('ads.txt is unconditional: served with enable_ads missing or disabled', async ({ client }) => {
    const response = await client.get(urlFor('site.ads_txt'))
    response.assertStatus(200)
    response.assertTextIncludes('DIRECT, f08c47fec0942fa0')
  })

  test('every page carries <meta name="google-adsense-account" content="ca-pub-…">', async ({ client, assert }) => {
    const response = await client.get(urlFor('pages.home')).header('accept', 'text/html')
    response.assertStatus(200)
    assert.match(response.text(), /<meta name="google-adsense-account" content="ca-pub-\d{16}"/)
  })

  test("a page GET on a non-canonical host 301s to APP_URL's host; /api never", async ({ client, assert }) => {
    const appUrl = new URL(env.get('APP_URL') || 'http://127.0.0.1:3333')
    const page = await client
      .get(urlFor('site.ads_txt', {}, { qs: { x: '1' } }))
      .header('host', 'www.example.com')
      .redirects(0)
    assert.equal(page.status(), 301)
    assert.equal(page.header('location'), `${appUrl.origin}/ads.txt?x=1`)
    const api = await client
      .get(urlFor('api.feature_flags.status', { name: 'enable_ads' }))
      .header('host', 'www.example.com')
      .redirects(0)
    // (the in-process Vite dev server of the test environment may refuse the foreign host: not a redirect either way)
    assert.notEqual(api.status(), 301)
    assert.isUndefined(api.header('location'))
    const loopback = await client.get(urlFor('site.ads_txt')).header('host', 'localhost').redirects(0)
    assert.equal(loopback.status(), 200)
  })
})
