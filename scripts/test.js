#!/usr/bin/env node
/*
| `npm test`: runs every Japa suite (unit, functional, browser) against a fresh database.
| SQLite by default; with DB_CONNECTION=pg the PostgreSQL database DB_DATABASE (default
| studyhub_test) is dropped and created first. Extra arguments go to `node ace test`.
*/
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { provision } from './provision.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = { ...process.env, NODE_ENV: 'test' }
// Before any suite: the browser, the XSD checker and redis-server (queue and limiter tests).
Object.assign(env, provision(['chromium', 'xmllint', 'redis'], env))

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
    console.error(`[npm test] PostgreSQL is not reachable at ${client.host}:${client.port} (${error.message}); start one with: bash .ci/pg.sh`)
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
const result = spawnSync(node, ['ace', 'test', ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' })
process.exit(result.status ?? 1)
