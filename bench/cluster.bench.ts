/*
| `npm run bench cluster` (issue 16): through nginx at 50 connections, requests per second of
| a catalog page (/documents, SSR) and of flag status, with one instance behind nginx and with
| three; then sign-up attempts per second from one IP with the per-IP limit held (3 users at
| most, every attempt recorded). The cluster is scripts/cluster.js (PostgreSQL, Redis, s3rver,
| production build, nginx). On 2 cores three instances are not expected to be faster: the
| figures show the cost of the proxy and the shared stores. BENCH_DURATION (s, default 5).
*/
import { randomInt } from 'node:crypto'
import { startCluster } from '../scripts/cluster.js'
import { csrfSession } from './support/bench_kit.js'

const duration = Number(process.env.BENCH_DURATION || 5)
const connections = Number(process.env.BENCH_CONNECTIONS || 50)
const autocannon = ((await import('autocannon' as string)) as any).default as (opts: object) => Promise<any>

async function measure(url: string, extra: object = {}) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { accept: 'text/html,application/json' },
    ...extra,
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    codes: result.statusCodeStats,
  }
}

const cluster = await startCluster({
  env: { AUTH_THROTTLE_PER_MINUTE: '100000000', LOG_LEVEL: 'error' },
  log: (m) => console.error(`[cluster] ${m}`),
})
try {
  const rows: string[] = []
  for (const n of [1, 3]) {
    await cluster.useInstances(n)
    // Warm the caches of every instance once.
    for (let i = 0; i < 6; i++) await fetch(`${cluster.url}/documents`).then((r) => r.text())
    const page = await measure(`${cluster.url}/documents`)
    const flag = await measure(`${cluster.url}/api/feature-flags/status/enable_ads`)
    rows.push(
      `${n} instance(s)  catalog page /documents: ${page.rps} req/s (p99 ${page.p99} ms, non-2xx ${page.non2xx})`
    )
    rows.push(
      `${n} instance(s)  flag status:             ${flag.rps} req/s (p99 ${flag.p99} ms, non-2xx ${flag.non2xx})`
    )
  }

  // Sign-up attempts from one IP, spread over the three instances.
  const session = await csrfSession(cluster.url)
  const ip = `203.0.113.${randomInt(1, 250)}`
  let n = 0
  const signup = await measure(`${cluster.url}/api/auth/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      'cookie': session.cookie(),
      'x-xsrf-token': session.xsrf(),
      'x-forwarded-for': ip,
    },
    requests: [
      {
        setupRequest: (req: any) => ({
          ...req,
          body: JSON.stringify({ email: `bench-${Date.now()}-${n++}@example.com`, password: 'correct-horse-1' }),
        }),
      },
    ],
  })
  const { default: pg } = await import('pg')
  const db = new (pg as any).Client({
    host: '127.0.0.1',
    port: cluster.ports.pg,
    user: 'postgres',
    database: 'studyhub',
  })
  await db.connect()
  const attempts = (
    await db.query(`SELECT count(*)::int AS n FROM security_events WHERE type = 'SIGNUP_ATTEMPT' AND ip_address = $1`, [
      ip,
    ])
  ).rows[0].n
  const users = (await db.query(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'bench-%'`)).rows[0].n
  await db.end()
  rows.push(
    `3 instances   sign-up attempts:        ${signup.rps} attempts/s (p99 ${signup.p99} ms) — ${attempts} recorded, ${users} users created (limit 3), codes ${JSON.stringify(Object.fromEntries(Object.entries(signup.codes).map(([k, v]: any) => [k, v.count])))}`
  )
  console.log(rows.join('\n'))
  if (users > 3) {
    console.error('FAIL: the per-IP sign-up limit did not hold')
    process.exitCode = 1
  }
} finally {
  await cluster.stop()
}
