import { test } from '@japa/runner'
import { FlagsSettings } from '#services/flags/flags_settings'
import { FeatureFlags, type FlagRecord } from '#services/flags/feature_flags'

/** A fake database: counts queries, can fail, can be slow. */
function fakeDb(initial: FlagRecord[] = []) {
  const state = {
    rows: initial,
    version: 1,
    loads: 0,
    probes: 0,
    fail: false,
    gate: null as null | Promise<void>,
  }
  return {
    state,
    loader: async () => {
      state.loads++
      if (state.gate) await state.gate
      if (state.fail) throw new Error('database is down')
      return state.rows.map((r) => ({ ...r }))
    },
    versionReader: async () => {
      state.probes++
      if (state.fail) throw new Error('database is down')
      return state.version
    },
  }
}

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

const logs: unknown[] = []
const log = (error: unknown) => logs.push(error)

test.group('Flags / cache (SPEC F rules 1-3)', (group) => {
  group.each.setup(() => {
    logs.length = 0
  })

  test('a missing flag is false; an empty table answers false (rule 1, 3)', async ({ assert }) => {
    const fake = fakeDb([])
    const flags = new FeatureFlags({ ...fake, ttlMs: 60_000, log })
    assert.isFalse(await flags.isEnabled('enable_ads'))
  })

  test('bound flags are true only in their NODE_ENV and only when enabled', async ({ assert }) => {
    const fake = fakeDb([
      { name: 'enable_all', isEnabled: true, environment: null },
      { name: 'enable_prod', isEnabled: true, environment: 'production' },
      { name: 'enable_prod_off', isEnabled: false, environment: 'production' },
      { name: 'enable_off', isEnabled: false, environment: null },
    ])
    let env = 'development'
    const flags = new FeatureFlags({ ...fake, ttlMs: 60_000, environment: () => env, log })
    assert.isTrue(await flags.isEnabled('enable_all'))
    assert.isFalse(await flags.isEnabled('enable_prod'))
    assert.isFalse(await flags.isEnabled('enable_off'))
    env = 'production'
    assert.isTrue(await flags.isEnabled('enable_prod'))
    assert.isFalse(await flags.isEnabled('enable_prod_off'))
    // context overrides the app's environment
    assert.isFalse(await flags.isEnabled('enable_prod', { environment: 'staging' }))
    assert.isTrue(await flags.isEnabled('enable_prod', { environment: 'production' }))
  })

  test('checks inside the TTL never query the database (hot path)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: true, environment: null }])
    const c = clock()
    const flags = new FeatureFlags({ ...fake, ttlMs: 60_000, probeIntervalMs: 1000, now: c.now, log })
    assert.isTrue(await flags.isEnabled('enable_ads'))
    const loads = fake.state.loads
    const probes = fake.state.probes
    for (let i = 0; i < 1000; i++) await flags.isEnabled('enable_ads')
    assert.equal(fake.state.loads, loads)
    assert.equal(fake.state.probes, probes)
  })

  test('once the TTL has passed, the next check reloads before it answers (rule 2)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: true, environment: null }])
    const c = clock()
    const flags = new FeatureFlags({ ...fake, versionReader: null, ttlMs: 60_000, now: c.now, log })
    assert.isTrue(await flags.isEnabled('enable_ads'))
    assert.equal(fake.state.loads, 1)
    // A change the process was not told of (another tool writing the table, a lost signal).
    fake.state.rows = [{ name: 'enable_ads', isEnabled: false, environment: null }]
    c.advance(59_999)
    assert.isTrue(await flags.isEnabled('enable_ads'))
    assert.equal(fake.state.loads, 1, 'no reload before the TTL')
    c.advance(1)
    // No answer older than the TTL: the check waits for the reload (concurrent checks share it).
    let release!: () => void
    fake.state.gate = new Promise<void>((resolve) => (release = resolve))
    let settled = false
    const checks = Promise.all([flags.isEnabled('enable_ads'), flags.isEnabled('enable_ads')]).finally(
      () => (settled = true)
    )
    await new Promise((resolve) => setImmediate(resolve))
    assert.isFalse(settled, 'no check answers while the reload is in flight')
    release()
    assert.deepEqual(await checks, [false, false])
    assert.equal(fake.state.loads, 2)
  })

  test('a reload that hangs past reloadWaitMs leaves the stale map answering (rule 3)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: true, environment: null }])
    const c = clock()
    const flags = new FeatureFlags({ ...fake, versionReader: null, ttlMs: 1000, reloadWaitMs: 30, now: c.now, log })
    assert.isTrue(await flags.isEnabled('enable_ads'))
    fake.state.rows = []
    let release!: () => void
    fake.state.gate = new Promise<void>((resolve) => (release = resolve))
    c.advance(1000)
    const started = Date.now()
    assert.isTrue(await flags.isEnabled('enable_ads'))
    assert.isBelow(Date.now() - started, 1000)
    // The checks after it do not wait for the same overdue reload.
    const next = Date.now()
    assert.isTrue(await flags.isEnabled('enable_ads'))
    assert.isBelow(Date.now() - next, 25)
    assert.equal(fake.state.loads, 2)
    release()
    await flags.refresh()
    assert.isFalse(await flags.isEnabled('enable_ads'))
  })

  test('FlagsSettings.cacheTtlMs (FEATURE_FLAG_CACHE_TTL_MS) sets the TTL (default 60000)', async ({ assert }) => {
    const fake = fakeDb([])
    const c = clock()
    const settings = new FlagsSettings({ cacheTtlMs: 5000 })
    const flags = new FeatureFlags({ settings, loader: fake.loader, versionReader: null, now: c.now, log })
    await flags.isEnabled('enable_x')
    c.advance(4999)
    await flags.isEnabled('enable_x')
    assert.equal(fake.state.loads, 1)
    c.advance(1)
    await flags.isEnabled('enable_x')
    assert.equal(fake.state.loads, 2)
    const other = new FeatureFlags({ loader: fake.loader, versionReader: null, now: c.now, log })
    await other.isEnabled('enable_x')
    c.advance(59_999)
    await other.isEnabled('enable_x')
    assert.equal(fake.state.loads, 3)
  })

  test('concurrent refreshes and cold checks share one in-flight load (rule 2)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: true, environment: null }])
    let release!: () => void
    fake.state.gate = new Promise<void>((resolve) => (release = resolve))
    const flags = new FeatureFlags({ ...fake, ttlMs: 60_000, log })
    const checks = Array.from({ length: 20 }, () => flags.isEnabled('enable_ads'))
    const refreshes = Array.from({ length: 5 }, () => flags.refresh())
    await new Promise((resolve) => setTimeout(resolve, 5))
    release()
    const results = await Promise.all(checks)
    await Promise.all(refreshes)
    assert.equal(fake.state.loads, 1)
    assert.isTrue(results.every(Boolean))
  })

  test('a write during a load triggers one more load; no pre-write state is kept', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: false, environment: null }])
    let release!: () => void
    fake.state.gate = new Promise<void>((resolve) => (release = resolve))
    const flags = new FeatureFlags({ ...fake, versionReader: null, ttlMs: 60_000, log })
    const first = flags.refresh()
    flags.invalidate()
    const second = flags.refresh()
    fake.state.rows = [{ name: 'enable_ads', isEnabled: true, environment: null }]
    release()
    await Promise.all([first, second])
    assert.equal(fake.state.loads, 2)
    assert.isTrue(await flags.isEnabled('enable_ads'))
  })

  test('on a failing database the stale cache keeps serving and the error is logged (rule 3)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: true, environment: null }])
    const c = clock()
    const flags = new FeatureFlags({
      ...fake,
      ttlMs: 1000,
      probeIntervalMs: 1000,
      retryAfterFailureMs: 1000,
      now: c.now,
      log,
    })
    assert.isTrue(await flags.isEnabled('enable_ads'))
    fake.state.fail = true
    c.advance(1000)
    assert.isTrue(await flags.isEnabled('enable_ads'))
    assert.isFalse(await flags.refresh())
    assert.isTrue(await flags.isEnabled('enable_ads'))
    assert.isAtLeast(logs.length, 1)
    assert.match(String((logs[0] as Error).message), /database is down/)
    // back up: the next attempt after the back-off reloads
    fake.state.fail = false
    fake.state.rows = []
    c.advance(1000)
    await flags.isEnabled('enable_ads')
    await flags.refresh()
    assert.isFalse(await flags.isEnabled('enable_ads'))
  })

  test('with an empty cache and a failing database every check answers false (rule 3)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: true, environment: null }])
    fake.state.fail = true
    const c = clock()
    const flags = new FeatureFlags({ ...fake, ttlMs: 60_000, now: c.now, log })
    assert.isFalse(await flags.isEnabled('enable_ads'))
    const loads = fake.state.loads
    // back-off: no stampede on the failing database
    for (let i = 0; i < 50; i++) assert.isFalse(await flags.isEnabled('enable_ads'))
    assert.equal(fake.state.loads, loads)
    assert.isAtLeast(logs.length, 1)
  })

  test('cross-instance: a moved version counter makes the next probe reload (beyond the spec)', async ({ assert }) => {
    const fake = fakeDb([{ name: 'enable_ads', isEnabled: false, environment: null }])
    const c = clock()
    const flags = new FeatureFlags({ ...fake, ttlMs: 60_000, probeIntervalMs: 1000, now: c.now, log })
    assert.isFalse(await flags.isEnabled('enable_ads'))
    // another instance writes
    fake.state.rows = [{ name: 'enable_ads', isEnabled: true, environment: null }]
    fake.state.version = 2
    c.advance(999)
    assert.isFalse(await flags.isEnabled('enable_ads'), 'no probe within the interval')
    c.advance(1)
    assert.isTrue(await flags.isEnabled('enable_ads'))
    const probes = fake.state.probes
    c.advance(1000)
    await flags.isEnabled('enable_ads')
    assert.equal(fake.state.probes, probes + 1)
    assert.equal(fake.state.loads, 2, 'an unchanged version does not reload')
  })
})
