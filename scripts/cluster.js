#!/usr/bin/env node
/*
| `npm run cluster` (docs/rules/operations.md#instances): the several-instances shape on 127.0.0.1 only —
| PostgreSQL 15 and Redis from Debian's packages (installed when missing, scripts/provision.js),
| s3rver (npm), three instances of the production build and nginx in front as the load
| balancer. Prints the address; Ctrl+C stops everything. tests/cluster and `npm run bench
| cluster` start it through `startCluster()`.
*/
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { provision } from './provision.js'
import { startPrivatePostgres } from './private_pg.js'
import { buildIsStale, stampBuild } from './build_stamp.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const node = join(root, 'node_modules', '.bin', 'node')

// Fixed ports of this project that a cluster must never take, even while they are free:
// the app's default PORT and the documented private PostgreSQL of the tests (SETUP-NOTES).
const RESERVED_PORTS = new Set([3333, 54329])

function listenOn(port) {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(address.port))
    })
  })
}

/** A free port on 127.0.0.1 chosen by the system, never one of RESERVED_PORTS. */
export async function freePort() {
  for (;;) {
    const port = await listenOn(0)
    if (!RESERVED_PORTS.has(port)) return port
  }
}

/**
 * `CLUSTER_PORTS=3480-3489` (or `options.portRange`): every port of the cluster comes from that
 * range (the first free ones, in order), so several people on one machine can keep apart.
 * Without it, the system picks free ports.
 */
export function portAllocator(range = process.env.CLUSTER_PORTS) {
  if (!range) return freePort
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(range)
  if (!match || Number(match[1]) > Number(match[2]) || Number(match[2]) > 65535)
    throw new Error(`CLUSTER_PORTS must read "<first>-<last>", got "${range}"`)
  let next = Number(match[1])
  const last = Number(match[2])
  return async function portFromRange() {
    for (; next <= last; next++) {
      if (RESERVED_PORTS.has(next)) continue
      const port = await listenOn(next).catch(() => null)
      if (port !== null) return next++
    }
    throw new Error(`no free port left in CLUSTER_PORTS=${range}`)
  }
}

/** Builds the production app when build/ is missing or older than the sources (as npm start). */
function ensureBuild(log) {
  if (!buildIsStale(root)) return
  log('building the app (about a minute)')
  const result = spawnSync(node, ['ace', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error('node ace build failed')
  stampBuild(root)
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`)
  return result.stdout
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  let last
  while (Date.now() < deadline) {
    try {
      if (await check()) return
    } catch (error) {
      last = error
    }
    await sleep(200)
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms${last ? ` (${last.message})` : ''}`)
}

async function httpOk(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
  return response.status === 200
}

export async function startCluster(options = {}) {
  const log = options.log ?? ((m) => console.log(`\x1b[36m[cluster]\x1b[0m ${m}`))
  const count = options.instances ?? 3
  const tools = provision(['postgres', 'redis', 'nginx'], process.env, 'npm run cluster')
  const dir = mkdtempSync(join(tmpdir(), 'studyhub-cluster-'))
  const asRoot = process.getuid?.() === 0
  const children = new Set()
  const state = { dir, instances: [], stopped: false }
  const nextPort = portAllocator(options.portRange ?? process.env.CLUSTER_PORTS)
  const ports = { pg: await nextPort(), redis: await nextPort(), s3: await nextPort(), nginx: await nextPort() }
  for (let i = 0; i < count; i++) ports[`app${i}`] = await nextPort()

  const stopAll = async () => {
    if (state.stopped) return
    state.stopped = true
    for (const child of children) child.kill('SIGTERM')
    await sleep(300)
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    state.pg?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  const spawnChild = (command, args, env = process.env, name = command) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', options.verbose ? 'inherit' : 'ignore'],
    })
    child.name = name
    children.add(child)
    child.on('exit', () => children.delete(child))
    return child
  }

  try {
    // PostgreSQL: a private cluster in the temp dir, loopback only.
    state.pg = startPrivatePostgres({ binDir: tools.PG_BIN_DIR, dir, port: ports.pg })
    const { default: pg } = await import('pg')
    const admin = new pg.Client({ host: '127.0.0.1', port: ports.pg, user: 'postgres', database: 'postgres' })
    await admin.connect()
    await admin.query('CREATE DATABASE studyhub')
    await admin.end()
    log(`PostgreSQL on 127.0.0.1:${ports.pg}`)

    // Redis.
    state.redis = () =>
      spawnChild(
        tools.REDIS_SERVER_BIN,
        ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        process.env,
        'redis'
      )
    state.redisChild = state.redis()
    const { Redis } = await import('ioredis')
    await waitFor(async () => {
      const client = new Redis({
        port: ports.redis,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      })
      client.on('error', () => {})
      try {
        await client.connect()
        return (await client.ping()) === 'PONG'
      } finally {
        client.disconnect()
      }
    }, 'redis-server')
    log(`Redis on 127.0.0.1:${ports.redis}`)

    // s3rver, in its own process.
    mkdirSync(join(dir, 's3'))
    spawnChild(
      node,
      [join(root, 'scripts', 's3_server.js'), String(ports.s3), join(dir, 's3'), 'studyhub'],
      process.env,
      's3rver'
    )
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${ports.s3}/`, { signal: AbortSignal.timeout(1000) })).status < 500,
      's3rver'
    )
    log(`s3rver on 127.0.0.1:${ports.s3}`)

    ensureBuild(log)
    const url = `http://127.0.0.1:${ports.nginx}`
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      APP_KEY: randomBytes(32).toString('base64url'),
      APP_URL: url,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL || 'warn',
      TRUSTED_PROXIES: 'loopback',
      DB_CONNECTION: 'pg',
      DB_HOST: '127.0.0.1',
      DB_PORT: String(ports.pg),
      DB_USER: 'postgres',
      DB_PASSWORD: '',
      DB_DATABASE: 'studyhub',
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      UPLOADS_DISK: 's3',
      SITEMAP_DISK: 's3',
      S3_BUCKET: 'studyhub',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SESSION_DRIVER: 'cookie',
      LIMITER_STORE: 'redis',
      SCHEDULER_IN_PROCESS: 'true',
      STRIPE_WEBHOOK_SECRET: 'whsec_cluster_secret',
      ...options.env,
    }
    for (const key of ['SQLITE_FILE', 'STORAGE_PATH', 'QUEUE_REDIS_URL', 'PORT'])
      if (!(options.env && key in options.env)) delete env[key]
    run(node, ['build/ace.js', 'migration:run', '--force'], { cwd: root, env })
    // The instances run in production, where db:seed loads only prices and flags (issue 23
    // item 5); the cluster is a test bed, so its seed step runs with the development seeders.
    run(node, ['build/ace.js', 'db:seed'], { cwd: root, env: { ...env, NODE_ENV: 'development' } })
    log('migrated and seeded (demo@example.com / admin@example.com, password demo-password)')

    const startInstance = (i) => {
      const child = spawnChild(node, ['build/bin/server.js'], { ...env, PORT: String(ports[`app${i}`]) }, `app${i}`)
      state.instances[i] = { port: ports[`app${i}`], child, url: `http://127.0.0.1:${ports[`app${i}`]}` }
      return waitFor(() => httpOk(`http://127.0.0.1:${ports[`app${i}`]}/api/health/ready`), `instance ${i}`)
    }
    await Promise.all(Array.from({ length: count }, (_, i) => startInstance(i)))
    log(`${count} instances on ${Array.from({ length: count }, (_, i) => ports[`app${i}`]).join(', ')}`)

    // nginx in front.
    const nginxDir = join(dir, 'nginx')
    mkdirSync(nginxDir)
    const upstream = (n) =>
      Array.from({ length: n }, (_, i) => `    server 127.0.0.1:${ports[`app${i}`]} max_fails=1 fail_timeout=2s;`).join(
        '\n'
      )
    const writeConf = (n) =>
      writeFileSync(
        join(nginxDir, 'nginx.conf'),
        `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  client_max_body_size 25m;
  upstream studyhub {
${upstream(n)}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / {
      proxy_pass http://studyhub;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # This nginx stands behind the loopback test client acting as the edge; an edge facing
      # the internet sets X-Forwarded-For to $remote_addr instead of appending.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502;
      proxy_read_timeout 120s;
    }
  }
}
`
      )
    writeConf(count)
    state.nginx = spawnChild(
      tools.NGINX_BIN,
      ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf')],
      process.env,
      'nginx'
    )
    await waitFor(() => httpOk(`${url}/api/health/live`), 'nginx')
    log(`nginx on ${url}`)

    return {
      url,
      env,
      ports,
      instances: state.instances,
      /** Kills instance i at once (SIGKILL: a crash, not a shutdown). */
      kill(i) {
        state.instances[i].child.kill('SIGKILL')
      },
      restart: startInstance,
      /** Routes nginx to the first n instances only (bench: one instance vs three). */
      async useInstances(n) {
        writeConf(n)
        spawnSync(tools.NGINX_BIN, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-s', 'reload'])
        await sleep(500)
      },
      stopRedis() {
        state.redisChild.kill('SIGKILL')
      },
      async startRedis() {
        state.redisChild = state.redis()
        await sleep(300)
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cluster = await startCluster({ verbose: process.argv.includes('--verbose') })
  console.log(`\nStudyHub cluster: ${cluster.url}  (3 instances behind nginx; Ctrl+C stops it)\n`)
  const stop = async () => {
    await cluster.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
