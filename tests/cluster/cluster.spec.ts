import { test } from '@japa/runner'
import { randomInt, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Cluster } from '../../scripts/cluster.js'
import { ClusterSession } from './session.js'
import { shared } from './shared.js'
import { deliver, invoiceEvent, signed, waitProcessed } from './webhooks.js'
import { scannedTwoPages } from '#tests/support/scanned_pdf'

/*
| Issue 16 item 8 (docs/rules/operations.md#instances): three production instances on PostgreSQL, Redis and
| s3rver behind nginx, all started by `startCluster()` (scripts/cluster.js) once for the suite
| (tests/cluster/shared.ts). Requests go through nginx unless a check needs one instance in particular.
*/
test.group('Cluster / three instances behind nginx (CONTRACT 14, issue 16)', (group) => {
  let cluster: Cluster
  const query = (sql: string, params: unknown[] = []) => shared.query(sql, params)

  group.setup(() => {
    cluster = shared.cluster
  })

  test('the sign-up limit (3 per IP) holds across instances', async ({ assert }) => {
    const ip = `198.51.100.${randomInt(1, 250)}`
    const statuses = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const session = await new ClusterSession(cluster.url, ip).csrf()
        return (
          await session.request('POST', '/api/auth/signup', {
            email: `cluster-${randomUUID().slice(0, 8)}-${i}@example.com`,
            password: 'correct-horse-1',
          })
        ).status
      })
    )
    assert.equal(statuses.filter((s) => s === 201).length, 3, JSON.stringify(statuses))
    assert.equal(statuses.filter((s) => s === 429).length, 6)
    const [row] = await query(
      `SELECT count(*)::int AS n FROM security_events WHERE type = 'SIGNUP_ATTEMPT' AND ip_address = $1`,
      [ip]
    )
    assert.equal(row.n, 9)
  })

  test('the AI throttle (20 per hour) holds across instances', async ({ assert }) => {
    const user = await new ClusterSession(cluster.url).login('demo@example.com')
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const instance = cluster.instances[i % 3]
      statuses.push((await user.on(instance.url).request('POST', '/api/ai/tools/summary', {})).status)
    }
    assert.notInclude(statuses.slice(0, 20), 429)
    assert.equal(statuses[20], 429, JSON.stringify(statuses))
  })

  test('a flag toggled on one instance is seen by every instance within 2 s', async ({ assert }) => {
    const admin = await new ClusterSession(cluster.url).login('admin@example.com')
    const before = (await fetch(`${cluster.url}/api/feature-flags/status/enable_ads`).then((r) => r.json())) as any
    const toggled = await admin.on(cluster.instances[0].url).request('PATCH', '/api/feature-flags/enable_ads/toggle')
    assert.equal(toggled.status, 200, toggled.text)
    const started = Date.now()
    const seen = await Promise.all(
      cluster.instances.map(async (instance) => {
        while (Date.now() - started < 2000) {
          const body = (await fetch(`${instance.url}/api/feature-flags/status/enable_ads`).then((r) => r.json())) as any
          if (JSON.stringify(body) !== JSON.stringify(before)) return Date.now() - started
          await sleep(100)
        }
        return null
      })
    )
    assert.isTrue(
      seen.every((ms) => ms !== null),
      `seen after ${JSON.stringify(seen)} ms`
    )
    await admin.on(cluster.instances[0].url).request('PATCH', '/api/feature-flags/enable_ads/toggle')
  })

  test('sign-out on one instance signs the user out on all', async ({ assert }) => {
    const laptop = await new ClusterSession(cluster.url).login('demo@example.com')
    const phone = await new ClusterSession(cluster.url).login('demo@example.com')
    for (const instance of cluster.instances)
      assert.equal((await laptop.on(instance.url).request('GET', '/api/auth/me')).status, 200)
    assert.equal((await phone.on(cluster.instances[1].url).request('POST', '/api/auth/logout-everywhere')).status, 204)
    for (const instance of cluster.instances)
      assert.equal((await laptop.on(instance.url).request('GET', '/api/auth/me')).status, 401)
    await new ClusterSession(cluster.url).login('demo@example.com')
  })

  test('an upload through one instance is read and deleted through another', async ({ assert }) => {
    const user = await new ClusterSession(cluster.url).login('demo@example.com')
    const form = new FormData()
    form.append(
      'file',
      new Blob(['Mitochondria are the powerhouse of the cell. Cluster test.'], { type: 'text/plain' }),
      'cluster-notes.txt'
    )
    const upload = await user.on(cluster.instances[0].url).request('POST', '/api/documents/upload', form)
    assert.equal(upload.status, 201, upload.text)
    const id = upload.json.document.id
    const read = await user.on(cluster.instances[1].url).request('GET', `/api/my/documents/${id}/file`)
    assert.equal(read.status, 200)
    assert.include(read.text, 'Mitochondria')
    assert.equal((await user.on(cluster.instances[2].url).request('DELETE', `/api/my/documents/${id}`)).status, 200)
    assert.equal((await user.on(cluster.instances[0].url).request('GET', `/api/my/documents/${id}/file`)).status, 404)
  })

  test('the reading progress of a scan uploaded through one instance is seen through the others', async ({
    assert,
  }) => {
    const admin = await new ClusterSession(cluster.url).login('admin@example.com')
    const flag = async () =>
      ((await fetch(`${cluster.url}/api/feature-flags/status/enable_ocr_processing`).then((r) => r.json())) as any)
        .is_enabled
    const toggle = () => admin.request('PATCH', '/api/feature-flags/enable_ocr_processing/toggle')
    const wasOn = await flag()
    if (!wasOn) assert.equal((await toggle()).status, 200)
    try {
      await sleep(2000)
      const user = await new ClusterSession(cluster.url).login('demo@example.com')
      const token = randomUUID()
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(scannedTwoPages())], { type: 'application/pdf' }), 'scan.pdf')
      let done = false
      const upload = user
        .on(cluster.instances[0].url)
        .request('POST', '/api/documents/upload', form, { 'x-upload-token': token })
        .finally(() => (done = true))
      const seen = new Set<string>()
      while (!done) {
        for (const instance of cluster.instances.slice(1)) {
          const poll = await user.on(instance.url).request('GET', `/api/documents/upload/progress/${token}`)
          if (poll.status === 200) seen.add(`${poll.json.stage} ${poll.json.page}/${poll.json.pages}`)
        }
        await sleep(40)
      }
      assert.equal((await upload).status, 201)
      assert.isTrue(
        [...seen].some((s) => s.startsWith('ocr ')),
        `seen through the other instances: ${[...seen].join(', ')}`
      )
      const after = await user.on(cluster.instances[2].url).request('GET', `/api/documents/upload/progress/${token}`)
      assert.equal(after.status, 404, 'gone once read')
    } finally {
      if (!wasOn) await toggle()
    }
  }).timeout(120_000)

  test('a webhook storm spread over the instances applies every event once', async ({ assert }) => {
    const ids = Array.from({ length: 60 }, () => `evt_storm_${randomUUID().replaceAll('-', '')}`)
    await Promise.all(ids.map((id) => deliver(cluster.url, invoiceEvent(id))))
    // Duplicates of every delivery, as a provider retrying would send.
    await Promise.all(ids.slice(0, 20).map((id) => deliver(cluster.url, invoiceEvent(id))))
    await waitProcessed(ids)
    const rows = await query(`SELECT event_id, status, attempts FROM billing_webhook_events WHERE event_id = ANY($1)`, [
      ids,
    ])
    assert.lengthOf(rows, ids.length)
    assert.isTrue(
      rows.every((r) => r.status === 'processed' && Number(r.attempts) === 1),
      JSON.stringify(rows.filter((r) => r.status !== 'processed' || Number(r.attempts) !== 1))
    )
  }).timeout(120_000)

  test('killing one instance in the middle of a storm loses no event', async ({ assert }) => {
    const ids = Array.from({ length: 60 }, () => `evt_kill_${randomUUID().replaceAll('-', '')}`)
    const storm = Promise.all(
      ids.map(async (id, i) => {
        await sleep(i * 15)
        return deliver(cluster.url, invoiceEvent(id))
      })
    )
    await sleep(300)
    cluster.kill(2)
    await storm
    await waitProcessed(ids, 60_000)
    const rows = await query(`SELECT status FROM billing_webhook_events WHERE event_id = ANY($1)`, [ids])
    assert.lengthOf(rows, ids.length)
    assert.isTrue(rows.every((r) => r.status === 'processed'))
    await cluster.restart(2)
  }).timeout(150_000)

  test('the backstop runs once per slot across the instances', async ({ assert }) => {
    // SITEMAP_CRON_SCHEDULE is every minute here: wait for one slot to finish.
    const deadline = Date.now() + 150_000
    let runs: any[] = []
    while (Date.now() < deadline) {
      runs = await query(
        `SELECT slot, status FROM scheduler_runs WHERE task = 'sitemaps:regenerate' AND status <> 'running'`
      )
      if (runs.length) break
      await sleep(1000)
    }
    assert.isAbove(runs.length, 0, 'a backstop slot ran')
    const [{ n: regenerations }] = await query(
      `SELECT count(*)::int AS n FROM sitemap_runs WHERE trigger = 'scheduler'`
    )
    const [{ n: slots }] = await query(
      `SELECT count(*)::int AS n FROM scheduler_runs WHERE task = 'sitemaps:regenerate' AND status = 'succeeded'`
    )
    assert.equal(regenerations, slots, 'one regeneration per succeeded slot')
    const objects = await fetch(`${cluster.url}/sitemap.xml`)
    assert.equal(objects.status, 200)
  }).timeout(170_000)

  test('Redis down: sign-in is refused at once; sessions and sign-out and sitemaps work; readiness 503 and the webhook 500; all recover', async ({
    assert,
  }) => {
    const user = await new ClusterSession(cluster.instances[2].url).login('demo@example.com')
    const admin = await new ClusterSession(cluster.instances[1].url).login('admin@example.com')
    cluster.stopRedis()
    try {
      await sleep(300)
      const session = new ClusterSession(cluster.instances[0].url)
      const started = Date.now()
      const login = await session.request('POST', '/api/auth/login', {
        email: 'demo@example.com',
        password: 'demo-password',
      })
      assert.equal(login.status, 429)
      assert.isAbove(Number(login.headers.get('retry-after')), 0)
      assert.isBelow(Date.now() - started, 1500, 'refused without waiting for Redis')
      // What needs no counting keeps working: the session, signing out, a sitemap regeneration.
      assert.equal((await user.request('GET', '/api/auth/me')).status, 200)
      const regenerated = await admin.request('POST', '/api/admin/sitemap/regenerate')
      assert.equal(regenerated.status, 200, regenerated.text)
      assert.equal((await user.request('POST', '/api/auth/logout')).status, 204)
      assert.equal((await user.on(cluster.instances[0].url).request('GET', '/api/auth/me')).status, 401)
      const ready = await fetch(`${cluster.instances[0].url}/api/health/ready`)
      assert.equal(ready.status, 503)
      assert.include(((await ready.json()) as any).failing, 'redis')
      const { payload, signature } = signed(invoiceEvent(`evt_down_${randomUUID()}`))
      const webhook = await fetch(`${cluster.instances[0].url}/api/billing/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      })
      assert.equal(webhook.status, 500)
    } finally {
      await cluster.startRedis()
    }
    const deadline = Date.now() + 20_000
    let status = 0
    while (Date.now() < deadline && status !== 200) {
      status = (await fetch(`${cluster.instances[0].url}/api/health/ready`)).status
      await sleep(300)
    }
    assert.equal(status, 200)
    await new ClusterSession(cluster.instances[0].url).login('demo@example.com')
  }).timeout(60_000)
})
