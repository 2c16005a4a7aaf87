/*
| Notes search benchmark (issue 7): 1,000,000 notes over 10,000 users, 50,000 of them owned
| by one user; `GET /api/notes?q=` for that user must answer in at most 50 ms median, on
| SQLite (per-user covering-index scan) and PostgreSQL (per-user pg_trgm GIN index).
|
| `npm run bench notes_search` runs both dialects (PostgreSQL when reachable at
| DB_HOST/DB_PORT, default 127.0.0.1:54329). Each run gets its own database
| (tmp/bench-notes.sqlite3, studyhub_notes_bench), migrated with `node ace migration:run`,
| seeded through the raw driver, then served by the production build (build/bin/server.js,
| built first; BENCH_SKIP_BUILD=1 reuses it) and queried
| over HTTP with a signed-in session. Env: BENCH_NOTES (default 1000000), BENCH_USERS
| (10000), BENCH_OWN (50000), BENCH_RUNS (25), BENCH_DIALECTS (sqlite,pg).
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { randomBytes, scryptSync } from 'node:crypto'
import { buildApp, runAce, benchPg, seededRandom, freshBenchPgEnvOrSkip, runDialects } from './support/bench_kit.js'

const root = process.cwd()
const NOTES = Number(process.env.BENCH_NOTES || 1_000_000)
const USERS = Number(process.env.BENCH_USERS || 10_000)
const OWN = Number(process.env.BENCH_OWN || 50_000)
const RUNS = Number(process.env.BENCH_RUNS || 25)
const TARGET_MS = 50
const PORT = Number(process.env.BENCH_PORT || 4196)
const PASSWORD = 'bench-password'
const PG = benchPg('studyhub_notes_bench')

/* ----------------------------------------------------------- text corpus */

const rand = seededRandom(42)
const SYL = [
  'ka',
  'lo',
  'mi',
  'ner',
  'tus',
  'vex',
  'qua',
  'dor',
  'pil',
  'zen',
  'ran',
  'sol',
  'bet',
  'gri',
  'hom',
  'jax',
  'fel',
  'wun',
  'cyr',
  'oph',
]
const VOCAB: string[] = []
for (let i = 0; VOCAB.length < 4000; i++) {
  const w = SYL[i % 20] + SYL[Math.floor(i / 20) % 20] + SYL[Math.floor(i / 400) % 20]
  if (!VOCAB.includes(w)) VOCAB.push(w)
}
const COMMON = ['exam', 'lecture', 'chapter', 'essay', 'revision', 'lab']
const words = (n: number) => {
  const out: string[] = []
  for (let i = 0; i < n; i++)
    out.push(rand() < 0.02 ? COMMON[Math.floor(rand() * COMMON.length)] : VOCAB[Math.floor(rand() * VOCAB.length)])
  return out.join(' ')
}

// What we search for (the target applies to each): a common study word (~4% of notes), a
// vocabulary word (~0.3%), a word fragment, a mixed-case word, a word that matches nothing.
// The 2-character query is informational: it matches most notes and bypasses the trigram
// index (LIKE scan), so it is printed but not held to the target.
const QUERIES = ['lecture', VOCAB[1234], VOCAB[77].slice(1, 6), 'Revision', 'zzzqqq']
const INFO_QUERIES = ['ka']

function passwordHash() {
  const salt = randomBytes(16)
  const key = scryptSync(PASSWORD, salt, 64, { N: 16384, r: 8, p: 1, maxmem: 33554432 })
  return `$scrypt$n=16384,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`
}

/* -------------------------------------------------------------- seeding */

function migrate(env: NodeJS.ProcessEnv) {
  runAce(['migration:run', '--force'], env)
}

async function seedSqlite(file: string) {
  const { default: Database } = await import('better-sqlite3' as string)
  const conn = new Database(file)
  conn.pragma('journal_mode = WAL')
  conn.pragma('synchronous = OFF')
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
  const hash = passwordHash()
  const insertUser = conn.prepare(
    'INSERT INTO users (email, canonical_email, password, role, email_verified, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)'
  )
  conn.transaction(() => {
    for (let u = 1; u <= USERS; u++)
      insertUser.run(`bench${u}@example.com`, `bench${u}@example.com`, hash, 'user', now, now)
  })()
  const firstUser = (conn.prepare('SELECT MIN(id) AS id FROM users').get() as any).id as number
  // Seed without the search index, then build it once (much faster than per row).
  const index = conn
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'structured_notes_user_search_index'")
    .get() as any
  if (index) conn.exec('DROP INDEX structured_notes_user_search_index')
  const insert = conn.prepare(
    'INSERT INTO structured_notes (user_id, title, body, status, deadline_at, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
  )
  const base = Date.now()
  const batch = conn.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const userId = i < OWN ? firstUser : firstUser + 1 + (i % (USERS - 1))
      const title = words(3)
      const body = words(10)
      const status = i % 20 === 0 ? 'archived' : 'active'
      const ts = new Date(base - i * 1000).toISOString().slice(0, 19).replace('T', ' ')
      insert.run(userId, title, body, status, i % 5 === 0 ? ts : null, `${title}\n${body}`.toLowerCase(), ts, ts)
    }
  })
  for (let i = 0; i < NOTES; i += 50000) batch(i, Math.min(NOTES, i + 50000))
  const t = performance.now()
  if (index) conn.exec(index.sql)
  conn.exec('ANALYZE')
  console.log(`  search index ${((performance.now() - t) / 1000).toFixed(1)} s`)
  conn.close()
  return `bench1@example.com`
}

async function seedPg() {
  const { default: pg } = await import('pg' as string)
  const client = new pg.Client(PG)
  await client.connect()
  const hash = passwordHash()
  await client.query(
    `INSERT INTO users (email, canonical_email, password, role, email_verified, created_at, updated_at)
     SELECT 'bench' || g || '@example.com', 'bench' || g || '@example.com', $1, 'user', true, now(), now() FROM generate_series(1, $2) g`,
    [hash, USERS]
  )
  const { rows } = await client.query('SELECT MIN(id) AS id FROM users')
  const firstUser = Number(rows[0].id)
  // Seed without the search index, then build it once (much faster than per row).
  const { rows: indexRows } = await client.query(
    "SELECT indexdef FROM pg_indexes WHERE tablename = 'structured_notes' AND indexname = 'structured_notes_user_search_trgm_index'"
  )
  if (!indexRows.length) throw new Error('the notes search index is missing: did the migration run?')
  await client.query('DROP INDEX structured_notes_user_search_trgm_index')
  const t = performance.now()
  const base = Date.now()
  for (let from = 0; from < NOTES; from += 10000) {
    const to = Math.min(NOTES, from + 10000)
    const cols: any[][] = [[], [], [], [], [], [], []]
    for (let i = from; i < to; i++) {
      const title = words(3)
      const body = words(10)
      const ts = new Date(base - i * 1000).toISOString()
      cols[0].push(i < OWN ? firstUser : firstUser + 1 + (i % (USERS - 1)))
      cols[1].push(title)
      cols[2].push(body)
      cols[3].push(i % 20 === 0 ? 'archived' : 'active')
      cols[4].push(i % 5 === 0 ? ts : null)
      cols[5].push(`${title}\n${body}`.toLowerCase())
      cols[6].push(ts)
    }
    await client.query(
      `INSERT INTO structured_notes (user_id, title, body, status, deadline_at, search_text, created_at, updated_at)
       SELECT u, t, b, s, d, x, c, c FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::timestamptz[]) AS r(u, t, b, s, d, x, c)`,
      cols
    )
  }
  console.log(`  insert ${((performance.now() - t) / 1000).toFixed(1)} s`)
  const t2 = performance.now()
  await client.query("SET maintenance_work_mem = '512MB'")
  await client.query(indexRows[0].indexdef)
  await client.query('VACUUM ANALYZE structured_notes')
  console.log(`  trigram index ${((performance.now() - t2) / 1000).toFixed(1)} s`)
  await client.end()
  return 'bench1@example.com'
}

/* ------------------------------------------------------------ measuring */

async function waitForServer(child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('server exited')
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/api/auth/csrf`)
      if (r.status < 500) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

function cookieJar() {
  const jar = new Map<string, string>()
  return {
    store(res: Response) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';')
        const idx = pair.indexOf('=')
        jar.set(pair.slice(0, idx), pair.slice(idx + 1))
      }
    },
    header: () => [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; '),
    get: (k: string) => jar.get(k),
  }
}

async function measure(label: string, email: string) {
  const base = `http://127.0.0.1:${PORT}`
  const jar = cookieJar()
  jar.store(await fetch(`${base}/api/auth/csrf`))
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      'cookie': jar.header(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') || ''),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  jar.store(login)

  let worst = 0
  for (const q of [...QUERIES, ...INFO_QUERIES]) {
    const informational = INFO_QUERIES.includes(q)
    const times: number[] = []
    let total = 0
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now()
      const r = await fetch(`${base}/api/notes?q=${encodeURIComponent(q)}`, {
        headers: { cookie: jar.header(), accept: 'application/json' },
      })
      const body = (await r.json()) as any
      const ms = performance.now() - t
      if (r.status !== 200) throw new Error(`GET /api/notes?q=${q} → ${r.status}`)
      total = body.meta.total
      if (i >= 3) times.push(ms) // 3 warm-up requests
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]
    const p95 = times[Math.floor(times.length * 0.95)]
    if (!informational) worst = Math.max(worst, median)
    const verdict = informational ? '(informational)' : median <= TARGET_MS ? 'OK' : 'OVER TARGET'
    console.log(
      `  ${label} q=${JSON.stringify(q).padEnd(14)} matches=${String(total).padStart(6)}  median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${verdict}`
    )
  }
  return worst
}

async function runDialect(dialect: 'sqlite' | 'pg') {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_KEY: process.env.APP_KEY || randomBytes(24).toString('base64url'),
    APP_URL: `http://127.0.0.1:${PORT}`,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    LIMITER_STORE: 'memory',
    SESSION_DRIVER: 'cookie',
    STORAGE_PATH: 'tmp/bench-notes-storage',
  }
  if (dialect === 'sqlite') {
    env.DB_CONNECTION = 'sqlite'
    env.SQLITE_FILE = 'tmp/bench-notes.sqlite3'
    for (const s of ['', '-wal', '-shm']) rmSync(join(root, env.SQLITE_FILE + s), { force: true })
  } else {
    const pgEnv = await freshBenchPgEnvOrSkip(PG.database)
    if (!pgEnv) return null
    Object.assign(env, pgEnv)
  }
  console.log(
    `\n[${dialect}] ${NOTES.toLocaleString()} notes, ${USERS.toLocaleString()} users, ${OWN.toLocaleString()} for one user`
  )
  migrate(env)
  const t = performance.now()
  const email = dialect === 'sqlite' ? await seedSqlite(join(root, env.SQLITE_FILE!)) : await seedPg()
  console.log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`)

  const server = spawn(join(root, 'node_modules/.bin/node'), ['build/bin/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  try {
    await waitForServer(server)
    return await measure(dialect, email)
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
}

buildApp()
console.log(`notes search benchmark — target: GET /api/notes?q= median ≤ ${TARGET_MS} ms for the 50k-note user`)
await runDialects(TARGET_MS, runDialect)
