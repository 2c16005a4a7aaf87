import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { AdsSettings } from '#services/pages/ads_settings'
import { DEFAULT_ADS_PUBLISHER_ID } from '#config/ads'
import { swapSettings } from '#tests/support/settings'
import { setFlag } from '#tests/support/flags'
import { createUser } from '#tests/support/users'
import { subscribeLocally } from '#tests/support/billing'

const SCRIPT_URL = 'http://127.0.0.1:9/ads-under-test.js'
const SLOT_ID = '5550001112'

/** The page object a server-rendered page hands the client (the data-page script). */
function pageObject(html: string) {
  const json = /<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (!json) throw new Error('no page object in the HTML')
  return JSON.parse(json[1])
}

/*
| docs/rules/flags.md#ads: an active paid user is never served an ad. The props of a paid user's
| page carry no slot id and no ad script address at all (not only a client that decides not to
| use them); the account meta tag stays on every page.
*/
test.group('Ads / what a page hands the client', (group) => {
  group.each.setup(async () => {
    const restore = swapSettings(AdsSettings, {
      slotIds: [SLOT_ID],
      scriptUrl: SCRIPT_URL,
      publisherId: DEFAULT_ADS_PUBLISHER_ID,
    })
    const rollback = await testUtils.db().withGlobalTransaction()
    await setFlag('enable_ads', true)
    return async () => {
      restore()
      await rollback()
    }
  })

  test('an active pro or plus user (also ending or paused) gets no slot id or ad script', async ({
    client,
    assert,
  }) => {
    const cases = [
      { plan: 'pro' as const },
      { plan: 'plus' as const },
      { plan: 'pro' as const, cancelAtPeriodEnd: true },
      { plan: 'pro' as const, pausedUntil: DateTime.utc().plus({ days: 30 }).startOf('second') },
    ]
    for (const options of cases) {
      const user = await createUser()
      await subscribeLocally(user, options)
      const response = await client.get('/courses').loginAs(user)
      response.assertStatus(200)
      const html = response.text()
      const label = JSON.stringify(options)
      assert.notInclude(html, SLOT_ID, label)
      assert.notInclude(html, 'ads-under-test', label)
      assert.include(html, `content="ca-${DEFAULT_ADS_PUBLISHER_ID}"`, label)
      const props = pageObject(html).props
      assert.isTrue(props.subscription.isActivePaid, label)
      assert.deepEqual(props.ads.slotIds, [], label)
      assert.equal(props.ads.scriptUrl, '', label)
    }
  })

  test('a free user, a past_due one and an anonymous visitor get the ad settings', async ({ client, assert }) => {
    const free = await createUser()
    const pastDue = await createUser()
    await subscribeLocally(pastDue, { plan: 'pro', status: 'past_due' })
    for (const user of [free, pastDue, null]) {
      const request = client.get('/courses')
      const response = user ? await request.loginAs(user) : await request
      response.assertStatus(200)
      const props = pageObject(response.text()).props
      assert.deepEqual(props.ads.slotIds, [SLOT_ID])
      assert.equal(props.ads.scriptUrl, SCRIPT_URL)
    }
  })

  test('the next page after an upgrade or a cancel follows the new state (HTML and Inertia JSON)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const first = pageObject((await client.get('/courses').loginAs(user)).text())
    assert.deepEqual(first.props.ads.slotIds, [SLOT_ID])
    const inertiaProps = async () => {
      const response = await client
        .get('/courses')
        .header('X-Inertia', 'true')
        .header('X-Inertia-Version', String(first.version))
        .loginAs(user)
      response.assertStatus(200)
      return response.body().props
    }
    await subscribeLocally(user, { plan: 'pro' })
    const upgraded = await inertiaProps()
    assert.deepEqual([upgraded.ads.slotIds, upgraded.ads.scriptUrl], [[], ''])
    await subscribeLocally(user, { plan: 'pro', status: 'canceled' })
    const canceled = await inertiaProps()
    assert.deepEqual([canceled.ads.slotIds, canceled.ads.scriptUrl], [[SLOT_ID], SCRIPT_URL])
  })
})
