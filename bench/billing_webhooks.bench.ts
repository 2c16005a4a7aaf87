/*
| `npm run bench billing_webhooks`: the webhook storm. 1,000 signed deliveries (200 distinct
| invoice.payment_succeeded events, each sent 5 times, shuffled, 50 concurrent) against running
| apps (`bin/server.ts`, NODE_ENV=production) backed by the local Stripe-compatible server
| (every event re-reads the subscription, issue 15). Three runs: one process on SQLite, one
| process on PostgreSQL, two processes on one PostgreSQL database (deliveries alternate between
| them). Each checks that every event was applied exactly once (200 processed event rows, 200
| usage rows, every delivery answered 200) and prints deliveries/s and distinct events/s.
| Env: BENCH_CONNECTIONS (50), BENCH_EVENTS (200), BENCH_REPEAT (5), BENCH_STORMS
| ("sqlite:1,pg:1,pg:2"), DB_HOST/DB_PORT/DB_USER/DB_PASSWORD for PostgreSQL.
*/
import { spawn, type ChildProcess } from 'node:child_process'
import Stripe from 'stripe'
import knex from 'knex'
import { node, root, runAce, scratchApp, freePort } from './support/bench_kit.js'
import { StripeTestServer } from '../tests/support/stripe_server.js'
import { bareUserRow } from '../tests/support/user_rows.js'

const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS || 50)
const EVENTS = Number(process.env.BENCH_EVENTS || 200)
const REPEAT = Number(process.env.BENCH_REPEAT || 5)
const SECRET = 'whsec_bench_secret'
const STORMS = (process.env.BENCH_STORMS || 'sqlite:1,pg:1,pg:2').split(',').map((s) => {
  const [db, n] = s.trim().split(':')
  return { db: db as 'sqlite' | 'pg', processes: Number(n || 1) }
})
const pgConnection = {
  host: process.env.DB_HOST || '127.0.0.1',
  port: Number(process.env.DB_PORT || 5432),
  user: process.env.DB_USER || 'postgres',
  password: process.env.DB_PASSWORD || '',
}
const PG_DATABASE = 'studyhub_bench_storm'

async function pgAdmin(sql: string[]) {
  const admin = knex({ client: 'pg', connection: { ...pgConnection, database: 'postgres' } })
  for (const statement of sql) await admin.raw(statement)
  await admin.destroy()
}

async function storm(kind: 'sqlite' | 'pg', processes: number, stripe: StripeTestServer) {
  const scratch = await scratchApp(`billing-${kind}`, {
    LOG_LEVEL: 'error',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_API_URL: stripe.url,
    QUEUE_REDIS_URL: '',
  })
  const env: NodeJS.ProcessEnv =
    kind === 'pg'
      ? {
          ...scratch.env,
          DB_CONNECTION: 'pg',
          DB_DATABASE: PG_DATABASE,
          DB_HOST: pgConnection.host,
          DB_PORT: String(pgConnection.port),
          DB_USER: pgConnection.user,
          DB_PASSWORD: pgConnection.password,
        }
      : scratch.env
  if (kind === 'pg')
    await pgAdmin([`DROP DATABASE IF EXISTS "${PG_DATABASE}" WITH (FORCE)`, `CREATE DATABASE "${PG_DATABASE}"`])
  const database = knex(
    kind === 'pg'
      ? { client: 'pg', connection: { ...pgConnection, database: PG_DATABASE } }
      : { client: 'better-sqlite3', connection: { filename: `${root}/${scratch.sqliteFile}` }, useNullAsDefault: true }
  )
  const apps: ChildProcess[] = []
  try {
    runAce(['migration:run', '--force'], env)
    stripe.reset()
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19)
    for (let i = 0; i < EVENTS; i++) {
      const [row] = await database('users')
        .insert(bareUserRow(`bench-${i}-${process.pid}@example.com`, now))
        .returning('id')
      const userId = typeof row === 'object' ? row.id : row
      await database('user_subscriptions').insert({
        user_id: userId,
        plan_slug: 'pro',
        plan_name: 'Pro',
        status: 'active',
        is_active: true,
        cancel_at_period_end: false,
        ai_credits_limit: 100,
        price: 1000,
        currency: 'usd',
        billing_interval: 'month',
        payment_subscription_id: `sub_bench_${i}`,
        created_at: now,
        updated_at: now,
      })
      stripe.addSubscription({
        id: `sub_bench_${i}`,
        customer: `cus_bench_${i}`,
        priceId: 'price_bench_pro',
        metadata: { plan_slug: 'pro' },
      })
    }
    const urls: string[] = []
    for (let p = 0; p < processes; p++) {
      const port = p === 0 ? Number(env.PORT) : await freePort()
      apps.push(
        spawn(node, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
          cwd: root,
          env: { ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
          stdio: ['ignore', 'inherit', 'inherit'],
        })
      )
      const url = `http://127.0.0.1:${port}/api/billing/payment/webhook`
      const deadline = Date.now() + 90_000
      while (true) {
        const status = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).then(
          (r) => r.status,
          () => 0
        )
        if (status === 400) break
        if (Date.now() > deadline) throw new Error('the app did not start')
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      urls.push(url)
    }

    const signer = new Stripe('sk_test_signer')
    const created = Math.floor(Date.now() / 1000)
    const payloads = Array.from({ length: EVENTS }, (_, i) => {
      const start = created + 86400
      return JSON.stringify({
        id: `evt_bench_${process.pid}_${i}`,
        object: 'event',
        type: 'invoice.payment_succeeded',
        created,
        livemode: true,
        data: {
          object: {
            id: `in_bench_${i}`,
            object: 'invoice',
            subscription: `sub_bench_${i}`,
            lines: { data: [{ period: { start, end: start + 30 * 86400 } }] },
          },
        },
      })
    })
    const deliveries = payloads.flatMap((p) => Array.from({ length: REPEAT }, () => p))
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1))
      ;[deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]]
    }
    const statuses = new Map<number, number>()
    const outcomes = new Map<string, number>()
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const index = next++
          const payload = deliveries[index]
          const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })
          const response = await fetch(urls[index % urls.length], {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          })
          const body: any = await response.json().catch(() => null)
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          if (body?.outcome) outcomes.set(body.outcome, (outcomes.get(body.outcome) ?? 0) + 1)
        }
      })
    )
    const seconds = (performance.now() - started) / 1000
    const count = async (table: string, where: Record<string, string> = {}) =>
      Number((await database(table).where(where).count({ n: '*' }))[0].n)
    const processed = await count('billing_webhook_events', { status: 'processed' })
    const rows = await count('billing_webhook_events')
    const usages = await count('subscription_usages')
    const ok =
      statuses.get(200) === deliveries.length &&
      processed === EVENTS &&
      rows === EVENTS &&
      usages === EVENTS &&
      outcomes.get('processed') === EVENTS
    console.log('')
    console.log(`storm            ${kind}, ${processes} process(es)`)
    console.log(
      `deliveries       ${deliveries.length} in ${seconds.toFixed(2)} s → ${(deliveries.length / seconds).toFixed(0)} deliveries/s, ${(EVENTS / seconds).toFixed(0)} distinct events/s`
    )
    console.log(`HTTP statuses    ${JSON.stringify(Object.fromEntries(statuses))}`)
    console.log(`outcomes         ${JSON.stringify(Object.fromEntries(outcomes))}`)
    console.log(`event rows       ${rows} (processed ${processed}); usage rows ${usages}; expected ${EVENTS} each`)
    console.log(`target           every delivery 2xx and every event applied exactly once: ${ok ? 'MET' : 'NOT MET'}`)
    if (!ok) process.exitCode = 1
  } finally {
    for (const app of apps) if (app.exitCode === null) app.kill('SIGTERM')
    await Promise.all(
      apps.map((app) => (app.exitCode === null ? new Promise((resolve) => app.once('exit', resolve)) : null))
    )
    await database.destroy()
    scratch.remove()
    if (kind === 'pg') await pgAdmin([`DROP DATABASE IF EXISTS "${PG_DATABASE}" WITH (FORCE)`])
  }
}

const stripe = await new StripeTestServer().start()
try {
  for (const { db, processes } of STORMS) await storm(db, processes, stripe)
} finally {
  await stripe.stop()
}
