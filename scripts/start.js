#!/usr/bin/env node
/*
| `npm start`: prepares whatever is missing, then serves the production build.
|  1. `.env` with NODE_ENV=development, a generated APP_KEY and APP_URL (docs/rules/operations.md#settings)
|  2. database migrations
|  3. seed data (idempotent seeders: plan prices and flags; in development also the demo
|     catalog, demo users and their workspace)
|  4. the production build (when missing or older than the sources)
|  5. `node build/bin/server.js` on HOST/PORT (default 127.0.0.1:3333)
*/
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { constants } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsStale, stampBuild } from './build_stamp.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const node = join(root, 'node_modules', '.bin', 'node')
const log = (message) => console.log(`\x1b[36m[start]\x1b[0m ${message}`)

// The step or server running now: SIGINT/SIGTERM/SIGHUP go to it, and we exit with its status.
let current = null
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => (current ? current.kill(signal) : process.exit(128 + constants.signals[signal])))
}

function spawnForwarded(args, extraEnv = {}) {
  current = spawn(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } })
  return new Promise((resolve) => {
    current.on('exit', (code, signal) => {
      current = null
      resolve(code ?? (signal ? 128 + constants.signals[signal] : 1))
    })
  })
}

async function run(args, extraEnv = {}) {
  const status = await spawnForwarded(args, extraEnv)
  if (status !== 0) {
    console.error(`[start] failed: node ${args.join(' ')}`)
    process.exit(status)
  }
}

function readEnvFile() {
  const file = join(root, '.env')
  if (!existsSync(file)) return {}
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
  )
}

// 1. .env
const envFile = join(root, '.env')
if (!existsSync(envFile)) {
  const host = process.env.HOST || '127.0.0.1'
  const port = process.env.PORT || '3333'
  writeFileSync(
    envFile,
    [
      'NODE_ENV=development',
      `APP_KEY=${randomBytes(32).toString('base64url')}`,
      `APP_URL=http://${host}:${port}`,
      `HOST=${host}`,
      `PORT=${port}`,
      'LOG_LEVEL=info',
      '',
    ].join('\n')
  )
  log('wrote .env with a generated APP_KEY')
}
const fileEnv = readEnvFile()
const host = process.env.HOST || fileEnv.HOST || '127.0.0.1'
const port = process.env.PORT || fileEnv.PORT || '3333'
const appUrl = process.env.APP_URL || fileEnv.APP_URL || `http://${host}:${port}`

// 2. + 3. migrations and demo data
log('running migrations')
await run(['ace', 'migration:run', '--force'])
// Demo accounts, catalog and workspace seed in development and test only; production gets the
// plan prices and flags (issue 23 item 5).
const nodeEnv = process.env.NODE_ENV || fileEnv.NODE_ENV || 'development'
log(nodeEnv === 'production' ? 'seeding plan prices and flags' : 'seeding demo data (skips what exists)')
await run(['ace', 'db:seed'])

// 4. build when missing or stale
if (buildIsStale(root)) {
  log('building the app (first start takes a minute)')
  await run(['ace', 'build'])
  stampBuild(root)
}

// 5. serve
log(`starting StudyHub on ${appUrl}`)
const serverExit = spawnForwarded([join('build', 'bin', 'server.js')], { HOST: host, PORT: port })
let announced = false
const started = Date.now()
const poll = setInterval(async () => {
  try {
    const response = await fetch(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/api/health`)
    if (response.ok && !announced) {
      announced = true
      clearInterval(poll)
      console.log('\n  StudyHub is running at ' + appUrl)
      if (nodeEnv === 'production') {
        console.log('  Production: no demo accounts were seeded (create one with node ace user:create)\n')
      } else {
        console.log('  Demo sign-in:  demo@example.com / demo-password  (pro plan)')
        console.log('  Admin sign-in: admin@example.com / demo-password\n')
      }
    }
  } catch {
    if (Date.now() - started > 60000) clearInterval(poll)
  }
}, 500)

const status = await serverExit
clearInterval(poll)
process.exit(status)
