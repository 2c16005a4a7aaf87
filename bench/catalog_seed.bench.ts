/*
| `npm run bench catalog_seed`: spawns `node ace catalog:seed` for 1,000,000 documents against a
| scratch SQLite file and a scratch PostgreSQL database, and prints seconds and rows/s against
| the target (issue 2 item 8: under 2 minutes on this machine).
| Env: BENCH_DOCUMENTS (default 1000000), BENCH_DATABASES (default "sqlite,pg"),
| DB_HOST/DB_PORT/DB_USER/DB_PASSWORD for PostgreSQL (default 127.0.0.1:54329, postgres).
*/
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { runAce, benchPgEnv, freshBenchPg } from './support/bench_kit.js'

const root = process.cwd()
const documents = Number(process.env.BENCH_DOCUMENTS || 1_000_000)
const institutions = Math.max(1, Math.round(documents / 1000))
const courses = Math.max(1, Math.round(documents / 50))
const TARGET_SECONDS = 120
const databases = (process.env.BENCH_DATABASES || 'sqlite,pg').split(',').map((d) => d.trim())

const ace = (args: string[], env: Record<string, string>) =>
  runAce(args, { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env })

let failed = false
for (const database of databases) {
  let env: Record<string, string>
  if (database === 'pg') {
    const name = 'studyhub_catalog_bench'
    await freshBenchPg(name)
    env = benchPgEnv(name)
  } else {
    const file = 'tmp/catalog-seed-bench.sqlite3'
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, file + suffix), { force: true })
    env = { DB_CONNECTION: 'sqlite', SQLITE_FILE: file }
  }
  ace(['migration:run', '--force'], env)
  const started = performance.now()
  const out = ace(
    ['catalog:seed', `--institutions=${institutions}`, `--courses=${courses}`, `--documents=${documents}`, '--json'],
    env
  )
  const wall = (performance.now() - started) / 1000
  const summary = JSON.parse(out.trim().split('\n').pop() || '{}')
  const rows = summary.institutions + summary.courses + summary.documents + summary.chunks
  const seedSeconds = summary.duration_ms / 1000
  const ok = wall < TARGET_SECONDS
  if (!ok) failed = true
  console.log(
    `${database.padEnd(6)} ${documents.toLocaleString('en-US')} documents (+${institutions} institutions, ${courses} courses, ${summary.chunks} chunks): ` +
      `seed ${seedSeconds.toFixed(1)} s, command wall ${wall.toFixed(1)} s, ${Math.round(rows / seedSeconds).toLocaleString('en-US')} rows/s ` +
      `(target < ${TARGET_SECONDS} s) ${ok ? 'OK' : 'TOO SLOW'}`
  )
  if (database !== 'pg') {
    const file = 'tmp/catalog-seed-bench.sqlite3'
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, file + suffix), { force: true })
  }
}
process.exit(failed ? 1 : 0)
