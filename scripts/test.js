#!/usr/bin/env node
/*
| `npm test`: runs every Japa suite (unit, functional, browser) against a fresh database.
| SQLite by default; with DB_CONNECTION=pg the PostgreSQL database DB_DATABASE (default
| studyhub_test) is dropped and created first. Extra arguments go to `node ace test`.
| Without arguments, the cluster suite (three production instances on PostgreSQL, Redis,
| s3rver and nginx, tests/cluster) runs after the others, on its own private engines.
*/
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { provision } from './provision.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = { ...process.env, NODE_ENV: 'test' }
const args = process.argv.slice(2)
// Before any suite: the browser, the XSD checker, redis-server (queue and limiter tests) and,
// for the cluster suite of a full run, PostgreSQL and nginx.
Object.assign(env, provision(['chromium', 'xmllint', 'redis', ...(args.length ? [] : ['postgres', 'nginx'])], env))

if (env.DB_CONNECTION === 'pg') {
  env.DB_DATABASE ||= 'studyhub_test'
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    host: env.DB_HOST || '127.0.0.1',
    port: Number(env.DB_PORT || 5432),
    user: env.DB_USER || 'postgres',
    password: env.DB_PASSWORD || '',
    database: 'postgres',
  })
  try {
    await client.connect()
  } catch (error) {
    console.error(
      `[npm test] PostgreSQL is not reachable at ${client.host}:${client.port} (${error.message}); start one with: bash .ci/pg.sh`
    )
    process.exit(1)
  }
  await client.query(`DROP DATABASE IF EXISTS "${env.DB_DATABASE}" WITH (FORCE)`)
  await client.query(`CREATE DATABASE "${env.DB_DATABASE}"`)
  await client.end()
} else {
  const file = env.SQLITE_FILE || 'tmp/test.sqlite3'
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, file + suffix), { force: true })
}
rmSync(join(root, env.STORAGE_PATH || 'tmp/test-storage'), { recursive: true, force: true })

const node = join(root, 'node_modules', '.bin', 'node')
const main = spawnSync(node, ['ace', 'test', ...(args.length ? args : ['unit', 'functional', 'browser'])], {
  cwd: root,
  env,
  stdio: 'inherit',
})
if (args.length) process.exit(main.status ?? 1)

// The cluster suite: its own PostgreSQL, Redis and nginx (provisioned above).
console.log('\n[npm test] cluster suite: three production instances behind nginx')
const cluster = spawnSync(node, ['ace', 'test', 'cluster'], { cwd: root, env, stdio: 'inherit' })
process.exit(main.status || cluster.status || 0)
