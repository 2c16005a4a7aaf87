/*
| `npm run bench billing_webhooks`: 1,000 signed webhook deliveries (200 distinct
| invoice.payment_succeeded events, each sent 5 times, shuffled, 50 concurrent) against a
| running app (`bin/server.ts`, NODE_ENV=production, scratch SQLite under tmp/). Checks that
| every event was applied exactly once (200 processed event rows, 200 usage rows, every
| delivery answered 200) and prints deliveries/s and distinct events/s.
| Target (issue 6): all 1,000 deliveries answered 2xx, every event applied exactly once.
| BENCH_CONNECTIONS (default 50), BENCH_EVENTS (default 200), BENCH_REPEAT (default 5).
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import Stripe from 'stripe'
import Database from 'better-sqlite3'
import { node, root, runAce, scratchApp } from './support/bench_kit.js'

const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS || 50)
const EVENTS = Number(process.env.BENCH_EVENTS || 200)
const REPEAT = Number(process.env.BENCH_REPEAT || 5)
const SECRET = 'whsec_bench_secret'


const scratch = await scratchApp('billing', {
  LOG_LEVEL: 'error',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_SECRET_KEY: 'sk_test_bench',
  QUEUE_REDIS_URL: '',
})
const { env, sqliteFile, port: appPort } = scratch

let app: ChildProcess | null = null
try {
  console.log('preparing a scratch database…')
  runAce(['migration:run', '--force'], env)

  const sqlite = new Database(join(root, sqliteFile))
  const now = new Date().toISOString().replace('T', ' ').slice(0, 19)
  const insertUser = sqlite.prepare("INSERT INTO users (email, role, email_verified, password, created_at, updated_at) VALUES (?, 'user', 1, 'x', ?, ?)")
  const insertSub = sqlite.prepare(
    "INSERT INTO user_subscriptions (user_id, plan_slug, plan_name, status, is_active, cancel_at_period_end, ai_credits_limit, price, currency, billing_interval, payment_subscription_id, created_at, updated_at) VALUES (?, 'pro', 'Pro', 'active', 1, 0, 100, 1000, 'usd', 'month', ?, ?, ?)"
  )
  const userIds: number[] = []
  sqlite.transaction(() => {
    for (let i = 0; i < EVENTS; i++) {
      const info = insertUser.run(`bench-${i}-${process.pid}@example.com`, now, now)
      const userId = Number(info.lastInsertRowid)
      insertSub.run(userId, `sub_bench_${i}`, now, now)
      userIds.push(userId)
    }
  })()
  sqlite.close()

  console.log(`starting the app on 127.0.0.1:${appPort} (NODE_ENV=production)…`)
  app = spawn(node, ['--import=@poppinss/ts-exec', 'bin/server.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const url = `http://127.0.0.1:${appPort}/api/billing/payment/webhook`
  const deadline = Date.now() + 60_000
  while (true) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      if (r.status === 400) break
    } catch {}
    if (Date.now() > deadline) throw new Error('the app did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
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
      data: { object: { id: `in_bench_${i}`, object: 'invoice', subscription: `sub_bench_${i}`, lines: { data: [{ period: { start, end: start + 30 * 86400 } }] } } },
    })
  })
  const deliveries = payloads.flatMap((p) => Array.from({ length: REPEAT }, () => p))
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]]
  }

  console.log(`sending ${deliveries.length} deliveries (${EVENTS} events × ${REPEAT}), ${CONCURRENCY} concurrent…`)
  const statuses = new Map<number, number>()
  const outcomes = new Map<string, number>()
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const payload = deliveries[next++]
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload })
        const body: any = await response.json().catch(() => null)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (body?.outcome) outcomes.set(body.outcome, (outcomes.get(body.outcome) ?? 0) + 1)
      }
    })
  )
  const seconds = (performance.now() - started) / 1000

  const check = new Database(join(root, sqliteFile), { readonly: true })
  const processed = (check.prepare("SELECT COUNT(*) AS n FROM billing_webhook_events WHERE status = 'processed'").get() as any).n
  const rows = (check.prepare('SELECT COUNT(*) AS n FROM billing_webhook_events').get() as any).n
  const usages = (check.prepare('SELECT COUNT(*) AS n FROM subscription_usages').get() as any).n
  check.close()

  const ok = statuses.get(200) === deliveries.length && processed === EVENTS && rows === EVENTS && usages === EVENTS && outcomes.get('processed') === EVENTS
  console.log('')
  console.log(`deliveries       ${deliveries.length} in ${seconds.toFixed(2)} s → ${(deliveries.length / seconds).toFixed(0)} deliveries/s, ${(EVENTS / seconds).toFixed(0)} distinct events/s`)
  console.log(`HTTP statuses    ${JSON.stringify(Object.fromEntries(statuses))}`)
  console.log(`outcomes         ${JSON.stringify(Object.fromEntries(outcomes))}`)
  console.log(`event rows       ${rows} (processed ${processed}); usage rows ${usages}; expected ${EVENTS} each`)
  console.log(`target           every delivery 2xx and every event applied exactly once: ${ok ? 'MET' : 'NOT MET'}`)
  if (!ok) process.exitCode = 1
} finally {
  if (app && app.exitCode === null) app.kill('SIGTERM')
  scratch.remove()
}
