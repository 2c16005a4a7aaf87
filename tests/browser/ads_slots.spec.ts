import { test } from '@japa/runner'
import { swapSettings } from '#tests/support/settings'
import { AdsSettings } from '#services/pages/ads_settings'
import { DEFAULT_ADS_PUBLISHER_ID } from '#config/ads'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser } from '#tests/support/users'
import { setFlag } from '#tests/support/flags'
import { startAdScriptServer } from '#tests/support/ad_script_server'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { visitHydrated } from '#tests/support/browser_session'

type AdServer = Awaited<ReturnType<typeof startAdScriptServer>>

test.group('Browser / ad slots (SPEC "Ad eligibility", SPEC C)', (group) => {
  let server: AdServer
  let restore: () => void = () => {}

  group.setup(async () => {
    server = await startAdScriptServer()
    return () => server.close()
  })
  group.each.setup(async () => {
    server.requests.length = 0
    restore = swapSettings(AdsSettings, {
      slotIds: ['1234567890'],
      scriptUrl: `${server.url}/ads.js`,
      publisherId: DEFAULT_ADS_PUBLISHER_ID,
    })
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      restore()
      await rollback()
    }
  })

  test('an anonymous visitor sees the slot when enable_ads is on and the script loads; nothing personal is sent', async ({
    visit,
    assert,
  }) => {
    await setFlag('enable_ads', true)
    const page = await visit(urlFor('pages.home'))
    await page.waitForSelector('[data-testid="ad-slot"]')
    const ins = page.locator('[data-testid="ad-slot"] ins.adsbygoogle')
    assert.equal(await ins.getAttribute('data-ad-slot'), '1234567890')
    assert.equal(await ins.getAttribute('data-ad-client'), 'ca-pub-0000000000000000')
    const script = page.locator('script[data-ad-client]')
    assert.equal(await script.getAttribute('data-ad-client'), 'ca-pub-0000000000000000')
    assert.equal(await page.evaluate(() => (globalThis as any).__adScriptLoaded), 1)
    // the provider got the client id only: no cookie, no user id, no session
    const scriptRequests = server.requests.filter((r) => r.url.startsWith('/ads.js'))
    assert.lengthOf(scriptRequests, 1)
    assert.equal(new URL(scriptRequests[0].url, server.url).search, '?client=ca-pub-0000000000000000')
    assert.isUndefined(scriptRequests[0].headers.cookie)
  })

  test('with enable_ads off (or missing) no slot renders and the script is never requested', async ({
    visit,
    assert,
  }) => {
    await setFlag('enable_ads', false)
    const page = await visitHydrated(visit, urlFor('pages.home'))
    await page.assertNotExists('[data-testid="ad-slot"]')
    assert.lengthOf(server.requests, 0)
  })

  test('without ADS_SLOT_IDS (no client configuration) no slot renders', async ({ visit, assert }) => {
    swapSettings(AdsSettings, { slotIds: [] })
    await setFlag('enable_ads', true)
    const page = await visit(urlFor('pages.home'))
    await page.waitForLoadState('networkidle')
    await page.assertNotExists('[data-testid="ad-slot"]')
    assert.lengthOf(server.requests, 0)
  })

  test('a failed or blocked script renders nothing and the page stays usable', async ({ visit, assert }) => {
    swapSettings(AdsSettings, { scriptUrl: `${server.url}/blocked.js` })
    await setFlag('enable_ads', true)
    const page = await visit(urlFor('pages.home'))
    await page.waitForLoadState('networkidle')
    await page.assertNotExists('[data-testid="ad-slot"]')
    assert.isAtLeast(server.requests.length, 1)
    await page.assertExists('h1')
  })

  test('an active pro user never sees ads', async ({ visit, browserContext, assert }) => {
    await setFlag('enable_ads', true)
    const user = await createUser()
    const { subscribeLocally } = await import('#tests/support/billing')
    await subscribeLocally(user, { plan: 'pro' })
    await browserContext.loginAs(user)
    const page = await visit(urlFor('pages.home'))
    await page.waitForLoadState('networkidle')
    await page.assertNotExists('[data-testid="ad-slot"]')
    assert.lengthOf(
      server.requests.filter((r) => r.url.startsWith('/ads.js')),
      0
    )
  })

  test('a signed-in free user sees the slot', async ({ visit, browserContext }) => {
    await setFlag('enable_ads', true)
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit(urlFor('pages.home'))
    await page.waitForSelector('[data-testid="ad-slot"]')
  })
})
