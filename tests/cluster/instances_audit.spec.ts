import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import type { Cluster } from '../../scripts/cluster.js'
import { ClusterSession } from './session.js'
import { shared } from './shared.js'
import { post } from './webhooks.js'

/*
| What a user or operator sees when requests land on different instances (multi-inst audit,
| docs/decisions/instances.md): client addresses, remember-me, Idempotency-Keys and credits,
| webhooks at the same moment. The suite's one cluster (tests/cluster/shared.ts).
*/
test.group('Cluster / the same user or event on several instances at once', (group) => {
  let cluster: Cluster
  const query = (sql: string, params: unknown[] = []) => shared.query(sql, params)

  group.setup(() => {
    cluster = shared.cluster
  })

  test('X-Forwarded-For from an untrusted peer does not change the counted IP (through nginx or directly)', async ({
    assert,
  }) => {
    const { Agent, fetch: undiciFetch } = await import('undici')
    const dispatcher = new Agent({ localAddress: '127.0.0.2' })
    const statuses: number[] = []
    try {
      for (let i = 0; i < 4; i++) {
        // Each attempt claims another client address; nginx appends the real one (127.0.0.2).
        const base = i % 2 ? cluster.url : cluster.instances[i % 3].url
        const session = new ClusterSession(base, `203.0.113.${10 + i}`)
        session.send = (url, init) => undiciFetch(url, { ...init, dispatcher }) as unknown as Promise<Response>
        await session.csrf()
        const email = `untrusted-${randomUUID().slice(0, 8)}@example.com`
        statuses.push(
          (await session.request('POST', '/api/auth/signup', { email, password: 'correct-horse-1' })).status
        )
      }
    } finally {
      await dispatcher.close()
    }
    assert.deepEqual(statuses, [201, 201, 201, 429])
    const rows = await query(
      `SELECT ip_address, count(*)::int AS n FROM security_events
        WHERE type = 'SIGNUP_ATTEMPT' AND (ip_address = '127.0.0.2' OR ip_address LIKE '203.0.113.%') GROUP BY 1`
    )
    assert.deepEqual(rows, [{ ip_address: '127.0.0.2', n: 4 }])
  })

  test('the sign-in throttle (100 per minute per IP) counts across instances', async ({ assert }) => {
    const ip = `198.51.100.${200 + Math.floor(Math.random() * 50)}`
    const browsers = await Promise.all(cluster.instances.map((i) => new ClusterSession(i.url, ip).csrf()))
    const statuses: number[] = []
    for (let i = 0; i < 98; i++) {
      // An empty body is refused by validation, after the throttle counted it (no password hashing: fast).
      const attempt = await browsers[i % 3].request('POST', '/api/auth/login', {})
      statuses.push(attempt.status)
    }
    // 3 CSRF reads and 97 sign-ins make 100 requests; the 98th sign-in is one too many.
    assert.deepEqual([...new Set(statuses.slice(0, 97))], [400])
    assert.equal(statuses[97], 429)
  })

  test('a remember-me cookie set by one instance signs in on another; once rotated it is refused on all', async ({
    assert,
  }) => {
    const browser = await new ClusterSession(cluster.instances[0].url).csrf()
    const login = await browser.request('POST', '/api/auth/login', {
      email: 'demo@example.com',
      password: 'demo-password',
      remember: true,
    })
    assert.equal(login.status, 200)
    const first = browser.cookies.get('remember_web')!
    // The access cookie expired: only the refresh cookie is left, and the next request goes elsewhere.
    const later = new ClusterSession(cluster.instances[1].url)
    later.cookies.set('remember_web', first)
    assert.equal((await later.request('GET', '/api/auth/me')).status, 200)
    const rotated = later.cookies.get('remember_web')!
    assert.notEqual(rotated, first)
    for (const instance of cluster.instances) {
      const replay = new ClusterSession(instance.url)
      replay.cookies.set('remember_web', first)
      assert.equal((await replay.request('GET', '/api/auth/me')).status, 401, `replay on ${instance.url}`)
    }
    const next = new ClusterSession(cluster.instances[2].url)
    next.cookies.set('remember_web', rotated)
    assert.equal((await next.request('GET', '/api/auth/me')).status, 200)
  })

  test('one Idempotency-Key sent to three instances at once: one result and one credit; the last credit is spent once', async ({
    assert,
  }) => {
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`
    const created = spawnSync(
      join(process.cwd(), 'node_modules', '.bin', 'node'),
      ['build/ace.js', 'user:create', email, '--password=correct-horse-1', '--verified', '--plan=pro'],
      { env: cluster.env as NodeJS.ProcessEnv, encoding: 'utf8' }
    )
    assert.equal(created.status, 0, created.stderr)
    const user = await new ClusterSession(cluster.url).login(email, 'correct-horse-1')
    const form = new FormData()
    const text = 'Photosynthesis turns light into chemical energy. Chlorophyll absorbs red and blue light. '
    form.append('file', new Blob([text.repeat(20)], { type: 'text/plain' }), 'plants.txt')
    const upload = await user.on(cluster.instances[0].url).request('POST', '/api/documents/upload', form)
    assert.equal(upload.status, 201, upload.text)
    const documentId = upload.json.document.id
    const [{ id: userId }] = await query('SELECT id FROM users WHERE email = $1', [email])
    const credits = async () =>
      (
        await query('SELECT coalesce(sum(ai_credits_used), 0)::int AS n FROM subscription_usages WHERE user_id = $1', [
          userId,
        ])
      )[0].n
    const summaries = async () =>
      (await query('SELECT count(*)::int AS n FROM ai_summaries WHERE user_id = $1', [userId]))[0].n

    const key = { 'idempotency-key': randomUUID() }
    const same = await Promise.all(
      cluster.instances.map((i) => user.on(i.url).request('POST', '/api/ai/tools/summary', { documentId }, key))
    )
    assert.deepEqual(
      same.map((r) => r.status),
      [201, 201, 201],
      same.map((r) => r.text).join('\n')
    )
    assert.equal(new Set(same.map((r) => r.json.id)).size, 1)
    assert.deepEqual([await credits(), await summaries()], [1, 1])

    // Without a key each request is its own generation: one credit each, never more.
    const distinct = await Promise.all(
      [0, 1, 2, 0].map((i) =>
        user.on(cluster.instances[i].url).request('POST', '/api/ai/tools/summary', { documentId })
      )
    )
    assert.deepEqual(
      distinct.map((r) => r.status),
      [201, 201, 201, 201]
    )
    assert.deepEqual([await credits(), await summaries()], [5, 5])

    // One credit left, three generations at once on three instances: one is charged, two are refused.
    await query('UPDATE subscription_usages SET ai_credits_used = ai_credits_limit - 1 WHERE user_id = $1', [userId])
    const last = await Promise.all(
      cluster.instances.map((i) => user.on(i.url).request('POST', '/api/ai/tools/summary', { documentId }))
    )
    assert.deepEqual(last.map((r) => r.status).sort(), [201, 403, 403], last.map((r) => r.text).join('\n'))
    assert.isTrue(last.filter((r) => r.status === 403).every((r) => r.json.code === 'CREDITS_EXHAUSTED'))
    const [usage] = await query(
      'SELECT ai_credits_used AS used, ai_credits_limit AS "limit" FROM subscription_usages WHERE user_id = $1',
      [userId]
    )
    assert.equal(usage.used, usage.limit)
    assert.equal(await summaries(), 6)
  }).timeout(60_000)

  test('one webhook event at three instances at once is applied once; two out of order leave the newer', async ({
    assert,
  }) => {
    const [price] = await query(`SELECT payment_price_id FROM subscription_plan_prices WHERE plan_slug = 'pro' LIMIT 1`)
    const [user] = await query(
      `INSERT INTO users (email, password, role, email_verified, created_at, updated_at)
       VALUES ($1, 'x', 'user', true, now(), now()) RETURNING id`,
      [`webhook-${randomUUID().slice(0, 8)}@example.com`]
    )
    const start = Math.floor(Date.now() / 1000) - 100
    const updated = (status: string, created: number) => ({
      id: `evt_order_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created,
      data: {
        object: {
          id: `sub_order_${user.id}`,
          object: 'subscription',
          customer: `cus_order_${user.id}`,
          status,
          cancel_at_period_end: false,
          metadata: { user_id: String(user.id) },
          items: {
            object: 'list',
            data: [
              {
                id: 'si_order',
                price: { id: price.payment_price_id },
                current_period_start: created,
                current_period_end: created + 2592000,
              },
            ],
          },
        },
      },
    })
    const row = async () =>
      (await query('SELECT status, plan_slug FROM user_subscriptions WHERE user_id = $1', [user.id]))[0]
    const settled = async (ids: string[]) => {
      for (let i = 0; i < 100; i++) {
        const rows = await query(`SELECT status FROM billing_webhook_events WHERE event_id = ANY($1)`, [ids])
        if (rows.length === ids.length && rows.every((r) => r.status === 'processed')) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    const older = updated('active', start)
    const newer = updated('past_due', start + 5)
    const [a, b] = cluster.instances
    assert.deepEqual(await Promise.all([post(a.url, newer), post(b.url, older)]), [200, 200])
    await settled([older.id, newer.id])
    assert.deepEqual(await row(), { status: 'past_due', plan_slug: 'pro' })

    const again = updated('active', start + 10)
    const answers = await Promise.all(cluster.instances.map((i) => post(i.url, again)))
    assert.deepEqual(answers, [200, 200, 200])
    await settled([again.id])
    const [stored] = await query(`SELECT status, attempts FROM billing_webhook_events WHERE event_id = $1`, [again.id])
    assert.deepEqual(stored, { status: 'processed', attempts: 1 })
    assert.deepEqual(await row(), { status: 'active', plan_slug: 'pro' })
  }).timeout(60_000)

  test('`scheduler:run` on every host at once (and the in-process loops): each slot of a task runs once', async ({
    assert,
  }) => {
    const node = join(process.cwd(), 'node_modules', '.bin', 'node')
    const runOnce = () =>
      new Promise<any>((resolve, reject) => {
        const child = spawn(node, ['build/ace.js', 'scheduler:run', '--json'], {
          env: cluster.env as NodeJS.ProcessEnv,
        })
        let out = ''
        child.stdout.on('data', (chunk) => (out += chunk))
        child.on('error', reject)
        child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`))))
      })
    const outputs = await Promise.all([runOnce(), runOnce(), runOnce()])
    const runs = new Map<string, number>()
    for (const output of outputs)
      for (const outcome of output.tasks)
        if (outcome.status === 'succeeded' || outcome.status === 'failed') {
          const key = `${outcome.task} ${outcome.slot}`
          runs.set(key, (runs.get(key) ?? 0) + 1)
        }
    assert.isTrue(
      [...runs.values()].every((n) => n === 1),
      JSON.stringify([...runs])
    )
    const slots = [...new Set(outputs.flatMap((o) => o.tasks.map((t: any) => t.slot)))]
    const rows = await query(
      `SELECT task, slot, count(*)::int AS n FROM scheduler_runs WHERE slot = ANY($1) GROUP BY 1, 2`,
      [slots]
    )
    assert.isAbove(rows.length, 0, 'the due tasks ran (in a loop or here)')
    assert.isTrue(rows.every((r) => r.n === 1))
  }).timeout(60_000)
})
