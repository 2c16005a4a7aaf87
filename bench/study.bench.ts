/*
| Spaced review benchmark (issue 27): one student with 10,000 review cards (200 flashcard
| sets of 50) and 100,000 review logs, among 50 other students with 500 cards each.
| `GET /api/study/review/next` (the due count and the next card, with its four intervals)
| must answer in at most 50 ms median on SQLite and PostgreSQL, with and without a set
| marked for an exam ahead. `GET /api/study/stats` is printed too (informational).
|
| `npm run bench study` runs both dialects (PostgreSQL at DB_HOST/DB_PORT, started by
| bench/run.js when DB_PORT is unset). Each run gets its own database (a scratch SQLite file,
| studyhub_study_bench), migrated with `node ace migration:run`, seeded through the raw
| driver, then served by the production build (BENCH_SKIP_BUILD=1 reuses it) and queried over
| HTTP with a signed-in session. Env: BENCH_CARDS (10000), BENCH_LOGS (100000), BENCH_RUNS
| (25), BENCH_DIALECTS (sqlite,pg).
*/
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { randomBytes, scryptSync } from 'node:crypto'
import {
  apiSignIn,
  buildApp,
  node,
  root,
  runAce,
  scratchApp,
  waitForUrl,
  benchPg,
  seededRandom,
  freshBenchPgEnvOrSkip,
  runDialects,
} from './support/bench_kit.js'

const CARDS = Number(process.env.BENCH_CARDS || 10_000)
const LOGS = Number(process.env.BENCH_LOGS || 100_000)
const RUNS = Number(process.env.BENCH_RUNS || 25)
const OTHERS = 50
const OTHER_CARDS = 500
const PER_SET = 50
const TARGET_MS = 50
const PASSWORD = 'bench-password'
const EMAIL = 'study-bench@example.com'
const PG = benchPg('studyhub_study_bench')

const rand = seededRandom(27)

function passwordHash() {
  const salt = randomBytes(16)
  const key = scryptSync(PASSWORD, salt, 64, { N: 16384, r: 8, p: 1, maxmem: 33554432 })
  return `$scrypt$n=16384,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`
}

type Row = Record<string, string | number | null>
type Plan = { users: Row[]; sets: Row[]; flashcards: Row[]; cards: Row[]; logs: Row[]; note: Row; exam: Row }

/** The rows to insert, as plain values; `ts` formats an instant for the dialect. */
function plan(ts: (ms: number) => string, userIds: number[]): Plan {
  const now = Date.now()
  const day = 86_400_000
  const sets: Row[] = []
  const flashcards: Row[] = []
  const cards: Row[] = []
  const logs: Row[] = []
  let setId = 0
  let flashcardId = 0
  let cardId = 0
  const owners = [{ user: userIds[0], count: CARDS }, ...userIds.slice(1).map((user) => ({ user, count: OTHER_CARDS }))]
  for (const { user, count } of owners) {
    for (let i = 0; i < count; i++) {
      if (i % PER_SET === 0) {
        setId++
        sets.push({
          id: setId,
          user_id: user,
          title: `Set ${setId}`,
          scope: '{"document_ids":[],"course_id":null}',
          provider: 'local',
          created_at: ts(now - day * 60),
          updated_at: ts(now - day * 60),
        })
      }
      flashcardId++
      cardId++
      flashcards.push({
        id: flashcardId,
        set_id: setId,
        position: i % PER_SET,
        front: `Question ${i} about photosynthesis and the Calvin cycle?`,
        back: `Answer ${i}: in the stroma of the chloroplast.`,
        citation: null,
        created_at: ts(now - day * 60),
      })
      // A third due (overdue up to 10 days), the rest due over the next 60 days; most reviewed.
      const due = rand() < 0.33 ? now - Math.floor(rand() * day * 10) : now + Math.floor(rand() * day * 60)
      const reviewed = rand() < 0.9
      cards.push({
        id: cardId,
        user_id: user,
        set_id: setId,
        flashcard_id: flashcardId,
        cited: 0,
        source_document_id: null,
        source_chunk_index: null,
        due_at: ts(due),
        stability: reviewed ? 2 + rand() * 40 : 0,
        difficulty: reviewed ? 1 + rand() * 9 : 0,
        elapsed_days: reviewed ? Math.floor(rand() * 20) : 0,
        scheduled_days: reviewed ? Math.floor(rand() * 30) : 0,
        learning_steps: 0,
        reps: reviewed ? 1 + Math.floor(rand() * 12) : 0,
        lapses: Math.floor(rand() * 2),
        state: reviewed ? 2 : 0,
        last_review_at: reviewed ? ts(due - day * 5) : null,
        again_streak: 0,
        leech_at: null,
        created_at: ts(now - day * 60),
        updated_at: ts(now - day),
      })
    }
  }
  for (let i = 0; i < LOGS; i++) {
    const card = 1 + Math.floor(rand() * CARDS)
    const at = now - Math.floor(rand() * day * 45)
    logs.push({
      card_id: card,
      user_id: userIds[0],
      rating: 1 + Math.floor(rand() * 4),
      state: 2,
      due_at: ts(at),
      stability: 5,
      difficulty: 5,
      elapsed_days: 3,
      last_elapsed_days: 2,
      scheduled_days: 4,
      learning_steps: 0,
      reviewed_at: ts(at),
    })
  }
  const note = {
    id: 1,
    user_id: userIds[0],
    title: 'Final exam',
    body: '',
    status: 'active',
    deadline_at: ts(now + day * 14),
    search_text: 'final exam',
    created_at: ts(now),
    updated_at: ts(now),
  }
  // The exam set is the last one of the student: its due cards are not the oldest due.
  const exam = { user_id: userIds[0], set_id: CARDS / PER_SET, note_id: 1, created_at: ts(now) }
  return { users: [], sets, flashcards, cards, logs, note, exam }
}

async function insertAll(insert: (table: string, rows: Row[]) => Promise<void>, p: Plan) {
  await insert('ai_flashcard_sets', p.sets)
  await insert('ai_flashcards', p.flashcards)
  await insert('study_cards', p.cards)
  await insert('study_review_logs', p.logs)
  await insert('structured_notes', [p.note])
}

async function seedSqlite(file: string) {
  const { default: Database } = await import('better-sqlite3' as string)
  const conn = new Database(file)
  conn.pragma('synchronous = OFF')
  const ts = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
  const hash = passwordHash()
  const addUser = conn.prepare(
    "INSERT INTO users (email, canonical_email, password, role, email_verified, created_at, updated_at) VALUES (?, ?, ?, 'user', 1, ?, ?)"
  )
  const ids: number[] = []
  for (let u = 0; u <= OTHERS; u++) {
    const email = u === 0 ? EMAIL : `study-other-${u}@example.com`
    ids.push(Number(addUser.run(email, email, hash, ts(Date.now()), ts(Date.now())).lastInsertRowid))
  }
  const p = plan(ts, ids)
  await insertAll(async (table, rows) => {
    const cols = Object.keys(rows[0])
    const stmt = conn.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
    conn.transaction(() => rows.forEach((row) => stmt.run(...cols.map((c) => row[c]))))()
  }, p)
  conn.exec('ANALYZE')
  conn.close()
  return p
}

async function seedPg() {
  const { default: pg } = await import('pg' as string)
  const client = new pg.Client(PG)
  await client.connect()
  const ts = (ms: number) => new Date(ms).toISOString()
  const hash = passwordHash()
  const ids: number[] = []
  for (let u = 0; u <= OTHERS; u++) {
    const email = u === 0 ? EMAIL : `study-other-${u}@example.com`
    const { rows } = await client.query(
      "INSERT INTO users (email, canonical_email, password, role, email_verified, created_at, updated_at) VALUES ($1, $1, $2, 'user', true, now(), now()) RETURNING id",
      [email, hash]
    )
    ids.push(Number(rows[0].id))
  }
  const p = plan(ts, ids)
  for (const c of p.cards) c.cited = false as any
  await insertAll(async (table, rows) => {
    const cols = Object.keys(rows[0])
    for (let from = 0; from < rows.length; from += 2000) {
      const chunk = rows.slice(from, from + 2000)
      const values: unknown[] = []
      const tuples = chunk.map((row) => `(${cols.map((c) => (values.push(row[c]), `$${values.length}`)).join(', ')})`)
      await client.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')}`, values)
    }
  }, p)
  for (const table of ['ai_flashcard_sets', 'ai_flashcards', 'study_cards', 'study_review_logs', 'structured_notes']) {
    await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`)
  }
  await client.query('VACUUM ANALYZE')
  await client.end()
  return p
}

async function markExam(dialect: 'sqlite' | 'pg', file: string, p: Plan) {
  const stamp = dialect === 'pg' ? new Date().toISOString() : new Date().toISOString().slice(0, 19).replace('T', ' ')
  if (dialect === 'sqlite') {
    const { default: Database } = await import('better-sqlite3' as string)
    const conn = new Database(file)
    conn
      .prepare('INSERT INTO study_set_exams (user_id, set_id, note_id, created_at) VALUES (?, ?, ?, ?)')
      .run(p.exam.user_id, p.exam.set_id, 1, stamp)
    conn.close()
  } else {
    const { default: pg } = await import('pg' as string)
    const client = new pg.Client(PG)
    await client.connect()
    await client.query('INSERT INTO study_set_exams (user_id, set_id, note_id, created_at) VALUES ($1, $2, 1, $3)', [
      p.exam.user_id,
      p.exam.set_id,
      stamp,
    ])
    await client.end()
  }
}

async function timed(base: string, path: string, cookie: string, check: (body: any) => void) {
  const times: number[] = []
  let last: any = null
  for (let i = 0; i < RUNS + 3; i++) {
    const t = performance.now()
    const response = await fetch(`${base}${path}`, { headers: { cookie, accept: 'application/json' } })
    last = await response.json()
    const ms = performance.now() - t
    if (response.status !== 200) throw new Error(`GET ${path} → ${response.status} ${JSON.stringify(last)}`)
    if (i >= 3) times.push(ms)
  }
  check(last)
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], body: last }
}

async function runDialect(dialect: 'sqlite' | 'pg') {
  const app = await scratchApp(`study-${dialect}`)
  const env = app.env
  if (dialect === 'pg') {
    const pgEnv = await freshBenchPgEnvOrSkip(PG.database)
    if (!pgEnv) return null
    Object.assign(env, pgEnv)
  }
  console.log(
    `\n[${dialect}] ${CARDS.toLocaleString()} cards and ${LOGS.toLocaleString()} review logs for one student; ${OTHERS} others with ${OTHER_CARDS} cards`
  )
  runAce(['migration:run', '--force'], env)
  const t = performance.now()
  const file = join(root, app.sqliteFile)
  const p = dialect === 'sqlite' ? await seedSqlite(file) : await seedPg()
  console.log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`)
  const server = spawn(node, ['build/bin/server.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  let worst = 0
  try {
    await waitForUrl(`${app.base}/api/health/live`, { timeoutMs: 120_000 })
    const { cookie } = await apiSignIn(app.base, EMAIL, PASSWORD, 'studyhub-bench')
    const report = (label: string, r: { median: number; p95: number }, target: boolean) => {
      if (target) worst = Math.max(worst, r.median)
      const verdict = !target ? '(informational)' : r.median <= TARGET_MS ? 'OK' : 'OVER TARGET'
      console.log(
        `  ${dialect} ${label.padEnd(30)} median ${r.median.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${verdict}`
      )
    }
    // What any signed-in JSON request costs on this machine (session, auth), for scale.
    report('auth/me (baseline)', await timed(app.base, '/api/auth/me', cookie, () => {}), false)
    const plain = await timed(app.base, '/api/study/review/next', cookie, (body) => {
      if (!body.card || body.due_count < 1000) throw new Error(`unexpected next: ${JSON.stringify(body).slice(0, 200)}`)
    })
    console.log(`  due_count ${plain.body.due_count}`)
    report('review/next (due count + card)', plain, true)
    report(
      'stats',
      await timed(app.base, '/api/study/stats', cookie, (body) => {
        if (body.reviews_last_30_days.length !== 30) throw new Error('stats shape')
      }),
      false
    )
    await markExam(dialect, file, p)
    report(
      'review/next, exam set ahead',
      await timed(app.base, '/api/study/review/next', cookie, (body) => {
        if (body.card?.set_id !== String(p.exam.set_id))
          throw new Error(`the exam set was not served first: ${body.card?.set_id}`)
      }),
      true
    )
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    app.remove()
  }
  return worst
}

buildApp()
console.log(`study review benchmark — target: GET /api/study/review/next median ≤ ${TARGET_MS} ms`)
await runDialects(TARGET_MS, runDialect)
