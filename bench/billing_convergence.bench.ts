/*
| `npm run bench billing_convergence`: the model-based convergence check of billing (issue 15)
| at scale: BENCH_SCHEDULES (default 10000) random schedules on PostgreSQL, each run against the
| local Stripe-compatible server and the real app (tests/functional/billing/convergence.spec.ts
| in counting mode). Prints the schedules run, how many diverged (goal 0) and, if any, the
| first counterexample shrunk by fast-check.
| A schedule mostly waits (webhook round trips, pauses), so BENCH_WORKERS (default 3) test
| processes each run every n-th schedule of the same seeded sample, each on its own scratch
| database `<BENCH_PG_DATABASE>_<k>` (default studyhub_bench_convergence), dropped afterwards.
| PostgreSQL: DB_HOST/DB_PORT/DB_USER/DB_PASSWORD.
*/
import { spawn } from 'node:child_process'
import pg from 'pg'
import { node, root, freePort } from './support/bench_kit.js'

const SCHEDULES = Number(process.env.BENCH_SCHEDULES || 10000)
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS || 3))
const base = process.env.BENCH_PG_DATABASE || 'studyhub_bench_convergence'
const databases = Array.from({ length: WORKERS }, (_, k) => `${base}_${k}`)
const connection = {
  host: process.env.DB_HOST || '127.0.0.1',
  port: Number(process.env.DB_PORT || 5432),
  user: process.env.DB_USER || 'postgres',
  password: process.env.DB_PASSWORD || '',
}

async function recreate(drop: boolean) {
  const client = new pg.Client({ ...connection, database: 'postgres' })
  await client.connect()
  for (const name of databases) {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    if (!drop) await client.query(`CREATE DATABASE "${name}"`)
  }
  await client.end()
}

type WorkerResult = { status: number | null; output: string }

async function worker(k: number): Promise<WorkerResult> {
  const port = await freePort()
  const child = spawn(node, ['ace', 'test', 'functional', '--files=tests/functional/billing/convergence.spec.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DB_CONNECTION: 'pg',
      DB_DATABASE: databases[k],
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'fatal',
      BILLING_CONVERGENCE_RUNS: String(SCHEDULES),
      BILLING_CONVERGENCE_COUNT: '1',
      BILLING_CONVERGENCE_SLICE: `${k}/${WORKERS}`,
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { status, output }
}

await recreate(false)
try {
  console.log(`running ${SCHEDULES} schedules on PostgreSQL in ${WORKERS} worker(s)…`)
  const started = performance.now()
  const results = await Promise.all(databases.map((_, k) => worker(k)))
  const seconds = (performance.now() - started) / 1000
  let run = 0
  let diverged = 0
  let maxSkew = 0
  let maxLate = 0
  let complete = true
  for (const [k, result] of results.entries()) {
    const lines = result.output.split('\n').filter((l) => l.includes('BILLING_CONVERGENCE'))
    for (const line of lines) console.log(`worker ${k}: ${line.trim()}`)
    const summary = lines.find((l) => l.includes('schedules='))
    if (!summary) {
      complete = false
      console.log(result.output.slice(-4000))
      continue
    }
    run += Number(summary.match(/schedules=(\d+)/)?.[1] ?? 0)
    diverged += Number(summary.match(/diverged=(\d+)/)?.[1] ?? 0)
    maxSkew = Math.max(maxSkew, Number(summary.match(/max_skew_s=(\d+)/)?.[1] ?? 0))
    maxLate = Math.max(maxLate, Number(summary.match(/max_late_s=(\d+)/)?.[1] ?? 0))
  }
  const met = complete && run === SCHEDULES && diverged === 0 && results.every((r) => r.status === 0)
  console.log(`schedules run    ${run}`)
  console.log(`diverged         ${diverged}`)
  console.log(`largest skew     ±${maxSkew} s provider clock; latest delivery ${(maxLate / 3600).toFixed(1)} h`)
  console.log(
    `total            ${seconds.toFixed(1)} s including boot and migrations (${(seconds / Math.max(run, 1)).toFixed(3)} s per schedule wall time)`
  )
  console.log(`target           ${SCHEDULES} schedules, 0 divergences: ${met ? 'MET' : 'NOT MET'}`)
  if (!met) process.exitCode = 1
} finally {
  await recreate(true)
}
