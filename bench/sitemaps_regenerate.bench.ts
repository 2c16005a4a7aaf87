/*
| `npm run bench sitemaps`: issue 5's benchmark. Seeds a scratch database with
| `catalog:seed --institutions=10000 --courses=100000 --documents=1000000` (SQLite and
| PostgreSQL), then
|   1. a full regeneration to the fs disk with what production runs: the production build,
|      `NODE_ENV=production node build/ace.js sitemap:regenerate --json`, in its own process
|      under `/usr/bin/time -v` (peak RSS = the whole process's "Maximum resident set size"):
|      target ≤ 10 s, peak RSS ≤ 300 MB;
|   2. a second regeneration with nothing changed: target 0 objects uploaded;
|   3. a live render of one 50,000-URL chunk in a booted production app: target ≤ 500 ms.
| `node ace build` runs first (BENCH_SKIP_BUILD=1 reuses build/). Seeding runs from the
| TypeScript sources.
| Env: BENCH_DOCUMENTS (default 1000000), BENCH_DATABASES (default "sqlite,pg"),
| BENCH_RESEED=1 to seed again when the scratch database already holds the rows,
| BENCH_BUILD (default "build") to measure another copy of the production build,
| DB_HOST/DB_PORT/DB_USER/DB_PASSWORD for PostgreSQL (benchPg in bench/support/bench_kit.ts).
*/
import 'reflect-metadata'
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import {
  buildApp,
  runAce,
  benchPgEnv,
  freshBenchPg,
  lastJsonLine,
  timedNode,
  withBenchPg,
} from './support/bench_kit.js'

const root = process.cwd()
const node = join(root, 'node_modules/.bin/node')
const documents = Number(process.env.BENCH_DOCUMENTS || 1_000_000)
const institutions = Math.max(1, Math.round(documents / 100))
const courses = Math.max(1, Math.round(documents / 10))
const databases = (process.env.BENCH_DATABASES || 'sqlite,pg').split(',').map((d) => d.trim())
const TARGET_REGEN_MS = 10_000
const TARGET_RSS_MB = 300
const TARGET_LIVE_MS = 500

const buildDir = (() => {
  const dir = process.env.BENCH_BUILD || 'build'
  return isAbsolute(dir) ? dir : join(root, dir)
})()

const ace = (args: string[], env: Record<string, string>) =>
  runAce(args, { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env })

/** The production build of the current sources (bench_kit), or an existing copy named by BENCH_BUILD. */
function ensureBuild() {
  if (!process.env.BENCH_BUILD) return buildApp()
  if (!existsSync(join(buildDir, 'ace.js'))) throw new Error(`no ${buildDir}/ace.js`)
}

/**
 * `node <build>/ace.js sitemap:regenerate --json` in production mode, under `/usr/bin/time -v`:
 * its "Maximum resident set size" is the peak RSS of the whole process (boot included).
 */
function regenerate(env: Record<string, string>) {
  const run = timedNode([join(buildDir, 'ace.js'), 'sitemap:regenerate', '--json'], {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...env,
  })
  return { ...lastJsonLine(run.stdout), peakRssMb: run.rssMb, wallMs: Math.round(run.seconds * 1000) }
}

async function pgDatabaseHasRows(name: string): Promise<boolean> {
  const exists = await withBenchPg('postgres', (admin) =>
    admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
  )
  if (!exists.rowCount || process.env.BENCH_RESEED) {
    await freshBenchPg(name)
    return false
  }
  return withBenchPg(name, async (client) => {
    try {
      const r = await client.query(`SELECT count(*)::int AS n FROM documents`)
      return r.rows[0].n >= documents
    } catch {
      return false
    }
  })
}

/** Times one live render of a full 50,000-URL chunk in a booted production app (no storage). */
function liveRender(env: Record<string, string>) {
  const script = `
    import 'reflect-metadata'
    import { Ignitor } from '@adonisjs/core'
    const APP_ROOT = new URL('file://${buildDir}/')
    const importer = (p) => (p.startsWith('./') || p.startsWith('../') ? import(new URL(p, APP_ROOT).href) : import(p))
    const app = new Ignitor(APP_ROOT, { importer }).tap((a) => a.booting(async () => { await import('#start/env') })).createApp('console')
    await app.init(); await app.boot()
    const { SitemapService } = await import('#services/sitemaps/sitemap_service')
    const { SitemapStore } = await import('#services/sitemaps/sitemap_store')
    const service = new SitemapService(new SitemapStore(null))
    const chunk = Number(process.env.BENCH_CHUNK || 10)
    // A serving app has its database connection open already: open it before timing.
    const { default: db } = await import('@adonisjs/lucid/services/db')
    await db.rawQuery('select 1')
    const times = []
    let urls = 0
    for (let i = 0; i < 5; i++) {
      const t = performance.now()
      const xml = await service.readChunk('documents', chunk)
      times.push(performance.now() - t)
      urls = (xml.match(/<url>/g) || []).length
    }
    const median = [...times].sort((a, b) => a - b)[2]
    console.log(JSON.stringify({ first_ms: times[0], median_ms: median, best_ms: Math.min(...times), urls }))
    await app.terminate()
  `
  // cwd = the build, so `#services/*` resolves through build/package.json to the compiled files.
  const result = spawnSync(node, ['--input-type=module', '-e', script], {
    cwd: buildDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SITEMAP_DISK: '',
      ...env,
      BENCH_CHUNK: String(Math.max(0, Math.floor(documents / 50_000) - 1)),
    },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`live render failed:\n${result.stdout}\n${result.stderr}`)
  return lastJsonLine(result.stdout)
}

ensureBuild()
let failed = false
const check = (ok: boolean) => {
  if (!ok) failed = true
  return ok ? 'ok' : 'MISSED'
}

for (const database of databases) {
  let env: Record<string, string>
  let seeded: boolean
  if (database === 'pg') {
    const name = 'studyhub_sitemaps_bench'
    seeded = await pgDatabaseHasRows(name)
    env = benchPgEnv(name)
  } else {
    const file = 'tmp/sitemaps-bench.sqlite3'
    seeded = existsSync(join(root, file)) && !process.env.BENCH_RESEED
    if (!seeded) for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, file + suffix), { force: true })
    env = { DB_CONNECTION: 'sqlite', SQLITE_FILE: join(root, file) }
  }
  const storage = `tmp/sitemaps-bench-storage-${database}`
  rmSync(join(root, storage), { recursive: true, force: true })
  env = { ...env, STORAGE_PATH: join(root, storage), SITEMAP_DISK: 'fs', APP_URL: 'https://www.example.com' }

  ace(['migration:run', '--force'], env)
  if (!seeded) {
    const t = performance.now()
    ace(
      [
        'catalog:seed',
        `--institutions=${institutions}`,
        `--courses=${courses}`,
        `--documents=${documents}`,
        '--chunks=0',
        '--json',
      ],
      env
    )
    console.log(
      `${database}: seeded ${institutions}/${courses}/${documents} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`
    )
  }
  if (database === 'pg') {
    // A freshly bulk-loaded table has no visibility map or hint bits yet (autovacuum sets them
    // in production); without this the first index-only scan reads and dirties every heap page.
    await withBenchPg(env.DB_DATABASE, (client) => client.query('VACUUM ANALYZE institutions, courses, documents'))
  }

  const first = regenerate(env)
  const second = regenerate(env)
  const live = liveRender(env)
  const urls = first.counts.institutions + first.counts.courses + first.counts.documents
  console.log(`\n[${database}] ${urls.toLocaleString('en-US')} URLs (${JSON.stringify(first.counts)})`)
  console.log(
    `  full regeneration to fs (production build): ${first.durationMs} ms (target ≤ ${TARGET_REGEN_MS}) ${check(first.durationMs <= TARGET_REGEN_MS)}; uploaded ${first.uploaded}, skipped ${first.skipped}; whole process ${first.wallMs} ms`
  )
  console.log(
    `  peak RSS of the regeneration process: ${first.peakRssMb} MB (target ≤ ${TARGET_RSS_MB}) ${check(first.peakRssMb <= TARGET_RSS_MB)}; after boot ${first.bootRssMb} MB`
  )
  console.log(
    `  second run, nothing changed: ${second.durationMs} ms, uploaded ${second.uploaded} (target 0) ${check(second.uploaded === 0)}, skipped ${second.skipped}, peak RSS ${second.peakRssMb} MB (target ≤ ${TARGET_RSS_MB}) ${check(second.peakRssMb <= TARGET_RSS_MB)}`
  )
  console.log(
    `  live render of one ${live.urls.toLocaleString('en-US')}-URL chunk: median of 5 ${live.median_ms.toFixed(0)} ms (target ≤ ${TARGET_LIVE_MS}) ${check(live.median_ms <= TARGET_LIVE_MS)}, first ${live.first_ms.toFixed(0)} ms, best ${live.best_ms.toFixed(0)} ms`
  )
}
process.exit(failed ? 1 : 0)
