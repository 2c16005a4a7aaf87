import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import server from '@adonisjs/core/services/server'
import { FeatureFlags } from '#services/flags/feature_flags'
import { withFlagStatusLane } from '#services/flags/status_fast_lane'
import { setFlag } from '#tests/support/flags'
import { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * The front lane of GET /api/feature-flags/status/:name (issue 19): the same bytes and headers
 * as the route, docs/rules/flags.md#evaluation cache rules (a write elsewhere is seen once the version probe
 * runs), and everything it does not answer reaches the framework.
 */
async function laneServer(flags: FeatureFlags) {
  let fallthroughs = 0
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    fallthroughs++
    return server.handle(req, res)
  }
  const http: Server = createServer(withFlagStatusLane(handler, flags))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return {
    base,
    fallthroughs: () => fallthroughs,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  }
}

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

const HEADERS = ['content-type', 'content-length', 'cache-control', 'x-content-type-options', 'x-frame-options']

test.group('Flags / status front lane (issue 19, SPEC F)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers the route’s bytes and headers, without the framework', async ({ client, assert, cleanup }) => {
    await setFlag('enable_lane_on', true)
    const lane = await laneServer(new FeatureFlags({ probeIntervalMs: 1000 }))
    cleanup(() => lane.close())
    for (const name of ['enable_lane_on', 'enable_lane_missing']) {
      const fromRoute = await client.get(urlFor('api.feature_flags.status', { name }))
      const fromLane = await fetch(`${lane.base}/api/feature-flags/status/${name}`)
      assert.equal(await fromLane.text(), fromRoute.text())
      for (const header of HEADERS) assert.equal(fromLane.headers.get(header), fromRoute.header(header), header)
      assert.match(fromLane.headers.get('x-request-id') || '', /^[0-9a-f-]{36}$/)
      assert.isNull(fromLane.headers.get('set-cookie'))
    }
    assert.equal(lane.fallthroughs(), 0)
  })

  test('a write by another instance is served once the version probe runs', async ({ assert, cleanup }) => {
    await setFlag('enable_lane_flip', false)
    const c = clock()
    const flags = new FeatureFlags({ probeIntervalMs: 1000, ttlMs: 60_000, now: c.now })
    const lane = await laneServer(flags)
    cleanup(() => lane.close())
    const read = async () =>
      (await (await fetch(`${lane.base}/api/feature-flags/status/enable_lane_flip`)).json()) as any
    assert.isFalse((await read()).is_enabled)
    // Another instance writes (this instance's cache is not told): served from memory until the probe.
    await setFlag('enable_lane_flip', true)
    assert.isFalse((await read()).is_enabled)
    c.advance(1000)
    assert.isTrue((await read()).is_enabled)
    assert.equal(lane.fallthroughs(), 0)
  })

  test('anything but a plain GET of a plain name reaches the route', async ({ assert, cleanup }) => {
    await setFlag('enable_lane_other', true)
    const lane = await laneServer(new FeatureFlags({ probeIntervalMs: 1000 }))
    cleanup(() => lane.close())
    const withQuery = await fetch(`${lane.base}/api/feature-flags/status/enable_lane_other?x=1`)
    assert.deepEqual(await withQuery.json(), { name: 'enable_lane_other', is_enabled: true })
    const encoded = await fetch(`${lane.base}/api/feature-flags/status/enable_lane%20other`)
    assert.equal(encoded.status, 200)
    const post = await fetch(`${lane.base}/api/feature-flags/status/enable_lane_other`, { method: 'POST' })
    assert.notEqual(post.status, 200)
    const other = await fetch(`${lane.base}/api/health`)
    assert.deepEqual(await other.json(), { ok: true })
    assert.equal(lane.fallthroughs(), 4)
  })
})
