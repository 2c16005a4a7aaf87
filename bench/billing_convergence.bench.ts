/*
| `npm run bench billing_convergence`: the model-based convergence check of billing (issue 15)
| at scale: BENCH_SCHEDULES (default 10000) random schedules on PostgreSQL, each run against the
| local Stripe-compatible server and the real app (tests/functional/billing/convergence.spec.ts
| in counting mode). Prints the schedules run, how many diverged (goal 0) and, if any, the
| first counterexample shrunk by fast-check.
| PostgreSQL: DB_HOST/DB_PORT/DB_USER/DB_PASSWORD; the scratch database BENCH_PG_DATABASE
| (default studyhub_bench_convergence) is dropped and created.
*/
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { node, root, freePort } from './support/bench_kit.js'

const SCHEDULES = Number(process.env.BENCH_SCHEDULES || 10000)
const database = process.env.BENCH_PG_DATABASE || 'studyhub_bench_convergence'
const connection = { host: process.env.DB_HOST || '127.0.0.1', port: Number(process.env.DB_PORT || 5432), user: process.env.DB_USER || 'postgres', password: process.env.DB_PASSWORD || '' }

async function recreate(drop: boolean) {
  const client = new pg.Client({ ...connection, database: 'postgres' })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  if (!drop) await client.query(`CREATE DATABASE "${database}"`)
  await client.end()
}

await recreate(false)
const port = await freePort()
try {
  console.log(`running ${SCHEDULES} schedules on PostgreSQL (${database})…`)
  const started = performance.now()
  const result = spawnSync(node, ['ace', 'test', 'functional', '--files=tests/functional/billing/convergence.spec.ts'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DB_CONNECTION: 'pg',
      DB_DATABASE: database,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'fatal',
      BILLING_CONVERGENCE_RUNS: String(SCHEDULES),
      BILLING_CONVERGENCE_COUNT: '1',
    },
  })
  const seconds = (performance.now() - started) / 1000
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter((l) => l.includes('BILLING_CONVERGENCE'))
  for (const line of lines) console.log(line.trim())
  const summary = lines.find((l) => l.includes('schedules='))
  const diverged = Number(summary?.match(/diverged=(\d+)/)?.[1] ?? NaN)
  console.log(`total            ${seconds.toFixed(1)} s including boot and migrations`)
  console.log(`target           ${SCHEDULES} schedules, 0 divergences: ${summary && diverged === 0 && result.status === 0 ? 'MET' : 'NOT MET'}`)
  if (!summary || diverged !== 0 || result.status !== 0) {
    if (!summary) console.log(result.stdout.slice(-4000), result.stderr.slice(-4000))
    process.exitCode = 1
  }
} finally {
  await recreate(true)
}
