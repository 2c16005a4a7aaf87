/**
 * What every benchmark needs: a free loopback port, `node ace …` on the pinned Node, and a
 * wait until a server answers. Benchmarks never run inside `npm test`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const node = join(root, 'node_modules', '.bin', 'node')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Runs `node ace <args>` with exactly `env`; returns stdout, throws with the output on failure. */
export function runAce(args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(node, ['ace', ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    throw new Error(
      `node ace ${args.join(' ')} failed (${result.status ?? result.signal ?? result.error?.message}):\n${result.stdout ?? ''}\n${result.stderr ?? ''}`
    )
  }
  return result.stdout
}

/**
 * `node <args>` under `/usr/bin/time -v`, from the project root with exactly `env`: its stdout, wall time,
 * the peak RSS of the whole process (boot included) and its CPU time (user + system). Throws with the
 * output on failure.
 */
export function timedNode(args: string[], env: NodeJS.ProcessEnv) {
  const started = performance.now()
  const result = spawnSync('/usr/bin/time', ['-v', node, ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const seconds = (performance.now() - started) / 1000
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  const figure = (label: RegExp) => Number(label.exec(result.stderr)?.[1])
  const rssKb = figure(/Maximum resident set size \(kbytes\): (\d+)/)
  if (!rssKb) throw new Error(`no peak RSS in /usr/bin/time output:\n${result.stderr}`)
  const cpuSeconds = figure(/User time \(seconds\): ([\d.]+)/) + figure(/System time \(seconds\): ([\d.]+)/)
  return { stdout: result.stdout, seconds, rssMb: Math.round(rssKb / 1024), cpuSeconds }
}

/** The last JSON line a command printed (`{}` without one). */
export function lastJsonLine(out: string) {
  return JSON.parse(
    out
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .pop() || '{}'
  )
}

/** Polls `url` until `ready(status, body)` holds (default: a 200), for at most `timeoutMs`. */
export async function waitForUrl(
  url: string,
  options: {
    ready?: (status: number, body: unknown) => boolean
    headers?: Record<string, string>
    timeoutMs?: number
  } = {}
) {
  const ready = options.ready ?? ((status) => status === 200)
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { headers: { 'user-agent': 'studyhub-bench', ...options.headers } })
      const text = await response.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {}
      if (ready(response.status, body)) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not become ready`)
}

/**
 * Builds the production bundle (`node ace build`) so a benchmark measures the current code as
 * production serves it. BENCH_SKIP_BUILD=1 reuses an existing build/.
 */
export function buildApp() {
  if (process.env.BENCH_SKIP_BUILD && existsSync(join(root, 'build/bin/server.js'))) return
  console.log('building: node ace build…')
  const build = spawnSync(node, ['ace', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  })
  if (build.status !== 0) throw new Error('node ace build failed')
}

/**
 * The environment of a scratch app served by a benchmark: production mode on a free loopback
 * port, its own SQLite file (and storage folder), cookie sessions, database limiter store. `remove()`
 * deletes the scratch files.
 */
export async function scratchApp(tag: string, overrides: NodeJS.ProcessEnv = {}) {
  const port = await freePort()
  const sqliteFile = `tmp/bench-${tag}-${process.pid}.sqlite3`
  const storage = `tmp/bench-${tag}-${process.pid}-storage`
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: base,
    APP_KEY: process.env.APP_KEY || randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: sqliteFile,
    STORAGE_PATH: storage,
    SESSION_DRIVER: 'cookie',
    // Production refuses the memory store (config/limiter.ts); the scratch database has the table.
    LIMITER_STORE: 'database',
    DEV_BYPASS_SUBSCRIPTION: 'false',
    ...overrides,
  }
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, sqliteFile + suffix), { force: true })
    rmSync(join(root, storage), { recursive: true, force: true })
  }
  return { port, base, env, sqliteFile, remove }
}

/**
 * A browser's first request: the CSRF cookie of /api/auth/csrf. `keep` adds the cookies of a later
 * answer; `cookie()` is the Cookie header, `xsrf()` the X-XSRF-TOKEN value.
 */
export async function csrfSession(base: string, headers: Record<string, string> = {}) {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair.indexOf('=')
      jar.set(pair.slice(0, index), pair.slice(index + 1))
    }
  }
  keep(await fetch(`${base}/api/auth/csrf`, { headers }))
  return {
    keep,
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    xsrf: () => decodeURIComponent(jar.get('XSRF-TOKEN') || ''),
  }
}

/** Signs in through the API like a browser (CSRF cookie, then login with the header). */
export async function apiSignIn(base: string, email: string, password: string, userAgent: string) {
  const session = await csrfSession(base, { 'user-agent': userAgent })
  const xsrf = session.xsrf()
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'user-agent': userAgent,
      'content-type': 'application/json',
      'x-xsrf-token': xsrf,
      'cookie': session.cookie(),
    },
    body: JSON.stringify({ email, password }),
  })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  session.keep(login)
  return { cookie: session.cookie(), xsrf: session.xsrf() || xsrf }
}

/** mulberry32: a small deterministic PRNG, so every run of a bench builds the same data. */
export function seededRandom(initial: number): () => number {
  let seed = initial
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = seed
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The bench's own PostgreSQL database on the cluster bench/run.js starts (DB_* override). */
export function benchPg(database: string) {
  return {
    host: process.env.DB_HOST || '127.0.0.1',
    port: Number(process.env.DB_PORT || 54329),
    user: process.env.DB_USER || 'postgres',
    password: process.env.DB_PASSWORD || '',
    database,
  }
}

/** The DB_* settings that point `node ace` or a server at the bench's PostgreSQL database `database`. */
export function benchPgEnv(database: string) {
  const pg = benchPg(database)
  return {
    DB_CONNECTION: 'pg',
    DB_HOST: pg.host,
    DB_PORT: String(pg.port),
    DB_USER: pg.user,
    DB_PASSWORD: pg.password,
    DB_DATABASE: database,
  }
}

/** What the benches use of a `pg` client (the package ships no type declarations). */
export type BenchPgClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>
}

/** Runs `work` with a client connected to the bench PostgreSQL database `database`, then closes it. */
export async function withBenchPg<T>(database: string, work: (client: BenchPgClient) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg')
  const client = new pg.Client(benchPg(database))
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Drops and re-creates the bench PostgreSQL database `database`, empty. */
export async function freshBenchPg(database: string) {
  await withBenchPg('postgres', async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
    await admin.query(`CREATE DATABASE "${database}"`)
  })
}

/** A fresh bench PostgreSQL database's DB_* settings, or null (said on the console) when no server answers. */
export async function freshBenchPgEnvOrSkip(database: string) {
  try {
    await freshBenchPg(database)
  } catch {
    console.log('  PostgreSQL not reachable: skipped')
    return null
  }
  return benchPgEnv(database)
}

/**
 * Runs a latency benchmark once per dialect of BENCH_DIALECTS (default `sqlite,pg`), prints each dialect's
 * worst median against `targetMs` (`run` returns null for a dialect it skipped) and exits 1 when one missed it.
 */
export async function runDialects(targetMs: number, run: (dialect: 'sqlite' | 'pg') => Promise<number | null>) {
  const dialects = (process.env.BENCH_DIALECTS || 'sqlite,pg').split(',') as Array<'sqlite' | 'pg'>
  let failed = false
  for (const d of dialects) {
    const worst = await run(d)
    if (worst !== null) {
      console.log(
        `  [${d}] worst median ${worst.toFixed(1)} ms (target ≤ ${targetMs} ms): ${worst <= targetMs ? 'PASS' : 'FAIL'}`
      )
      if (worst > targetMs) failed = true
    }
  }
  process.exit(failed ? 1 : 0)
}
