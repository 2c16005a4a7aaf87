/*
| `npm run bench hot_paths` (issue 19): each hot path next to its goal, on the production build;
| exits non-zero when one is missed. Not part of npm test.
|   1. GET /api/feature-flags/status/enable_ads vs a bare node:http server answering the same
|      JSON: autocannon -c 50 -d 8, alternating app, bare, app, bare. Goal ≥ 0.5.
|   3. Anonymous catalog pages (/documents list, a document, a course, an institution) vs a bare
|      server answering the same bytes: -c 20 -d 8, alternating. Goal ≥ 0.15 each.
|   4. `node ace catalog:seed --institutions=10000 --courses=100000 --documents=1000000` under
|      /usr/bin/time -v: peak RSS ≤ 400 MB, time ≤ 30 s, SQLite and PostgreSQL.
|   2. On the catalog part 4 seeded (PostgreSQL vacuumed first, as autovacuum would): sitemap
|      regeneration to the fs disk with the production build, `node build/ace.js
|      sitemap:regenerate --json` under /usr/bin/time -v, twice. Peak RSS of the whole process
|      ≤ 250 MB (both runs), the second run uploads 0, and the first run's regeneration time ≤
|      0.3× what the `sitemap` package (sitemap.js) needs to serialise the same 1.11M URLs from
|      memory (bench/support/sitemapjs_baseline.ts, read back from the stored objects), measured
|      right after it. The bytes themselves are guarded by tests/functional/sitemaps/sitemaps_golden.spec.ts.
| Env: BENCH_SKIP_BUILD=1, BENCH_DURATION (8), BENCH_DATABASES ("sqlite,pg"), BENCH_PARTS
| ("flags,pages,seed,sitemaps"; sitemaps runs on the catalog the seed part wrote),
| DB_HOST/DB_PORT/DB_USER (127.0.0.1:54329, postgres), BENCH_PG_DATABASE (studyhub_hot_paths_bench).
*/
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  buildApp,
  node,
  root,
  runAce,
  scratchApp,
  benchPgEnv,
  freshBenchPg,
  lastJsonLine,
  timedNode,
  withBenchPg,
} from './support/bench_kit.js'
import { alternate, capture, formatRates, startBareServer, startBuiltServer } from './support/ratio_kit.js'

const duration = Number(process.env.BENCH_DURATION || 8)
const parts = (process.env.BENCH_PARTS || 'flags,pages,seed,sitemaps').split(',').map((p) => p.trim())
const databases = (process.env.BENCH_DATABASES || 'sqlite,pg').split(',').map((d) => d.trim())
const GOALS = { flags: 0.5, pages: 0.15, seedRssMb: 400, seedSeconds: 30, sitemapRssMb: 250, sitemapRatio: 0.3 }
const FLAG_PATH = '/api/feature-flags/status/enable_ads'

const lines: string[] = []
let missed = 0
const report = (what: string, figure: string, goal: string, ok: boolean) => {
  if (!ok) missed++
  const line = `${what.padEnd(44)} ${figure.padEnd(34)} goal ${goal.padEnd(10)} ${ok ? 'MET' : 'MISSED'}`
  lines.push(line)
  console.log(line)
}

async function servedParts() {
  const scratch = await scratchApp('hot-paths')
  let stopApp = async () => {}
  let stopBare = async () => {}
  try {
    runAce(['migration:run', '--force'], scratch.env)
    runAce(['flags:create', 'enable_ads', '--enabled'], scratch.env)
    runAce(
      ['catalog:seed', '--institutions=50', '--courses=500', '--documents=5000', '--chunks=50', '--json'],
      scratch.env
    )
    const app = await startBuiltServer(scratch.env, FLAG_PATH)
    stopApp = app.stop
    const first = async (kind: string) => {
      const list = (await (
        await fetch(`${scratch.base}/api/${kind}?limit=1`, { headers: { 'user-agent': 'Mozilla/5.0' } })
      ).json()) as any
      return list.data[0].slug as string
    }
    const pages: Record<string, string> = {
      'catalog list page /documents': '/documents',
      'document page': `/documents/${await first('documents')}`,
      'course page': `/courses/${await first('courses')}`,
      'institution page': `/institutions/${await first('institutions')}`,
    }
    const answers: Record<string, Awaited<ReturnType<typeof capture>>> = {}
    if (parts.includes('flags')) answers[FLAG_PATH] = await capture(`${scratch.base}${FLAG_PATH}`)
    if (parts.includes('pages'))
      for (const path of Object.values(pages)) answers[path] = await capture(`${scratch.base}${path}`)
    const bare = await startBareServer(answers)
    stopBare = bare.stop

    if (parts.includes('flags')) {
      const r = await alternate(`${scratch.base}${FLAG_PATH}`, `${bare.base}${FLAG_PATH}`, {
        connections: 50,
        duration,
      })
      console.log(`  ${formatRates(r)}`)
      report(
        '1. flag status vs bare node:http (-c 50)',
        `ratio ${r.ratio.toFixed(2)}`,
        `≥ ${GOALS.flags}`,
        r.ratio >= GOALS.flags && r.errors === 0
      )
    }
    if (parts.includes('pages')) {
      for (const [name, path] of Object.entries(pages)) {
        const r = await alternate(`${scratch.base}${path}`, `${bare.base}${path}`, { connections: 20, duration })
        console.log(`  ${name} (${answers[path].body.length} bytes): ${formatRates(r)}`)
        report(
          `3. ${name} vs bare (-c 20)`,
          `ratio ${r.ratio.toFixed(2)}`,
          `≥ ${GOALS.pages}`,
          r.ratio >= GOALS.pages && r.errors === 0
        )
      }
    }
  } finally {
    await stopApp()
    await stopBare()
    scratch.remove()
  }
}

async function seedPart(database: string) {
  const sqliteFile = `tmp/hot-paths-seed-${process.pid}.sqlite3`
  let env: NodeJS.ProcessEnv
  if (database === 'pg') {
    const name = process.env.BENCH_PG_DATABASE || 'studyhub_hot_paths_bench'
    await freshBenchPg(name)
    env = benchPgEnv(name)
  } else {
    env = { DB_CONNECTION: 'sqlite', SQLITE_FILE: sqliteFile }
  }
  env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    APP_KEY: process.env.APP_KEY || 'hot-paths-bench-key-hot-paths-bench',
    ...env,
  }
  try {
    runAce(['migration:run', '--force'], env)
    const {
      seconds,
      rssMb,
      cpuSeconds: cpu,
    } = timedNode(
      ['ace', 'catalog:seed', '--institutions=10000', '--courses=100000', '--documents=1000000', '--json'],
      env
    )
    report(
      `4. catalog:seed 10k/100k/1M peak RSS (${database})`,
      `${rssMb} MB`,
      `≤ ${GOALS.seedRssMb} MB`,
      rssMb <= GOALS.seedRssMb
    )
    report(
      `4. catalog:seed 10k/100k/1M time (${database})`,
      `${seconds.toFixed(1)} s (CPU ${cpu.toFixed(1)} s)`,
      `≤ ${GOALS.seedSeconds} s`,
      seconds <= GOALS.seedSeconds
    )
    if (parts.includes('sitemaps')) await sitemapPart(database, env)
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(root, sqliteFile + suffix), { force: true })
  }
}

/** `node build/ace.js sitemap:regenerate --json` (production) under /usr/bin/time -v. */
function regenerate(env: NodeJS.ProcessEnv) {
  const run = timedNode([join(root, 'build/ace.js'), 'sitemap:regenerate', '--json'], env)
  return { ...lastJsonLine(run.stdout), rssMb: run.rssMb } as {
    durationMs: number
    uploaded: number
    skipped: number
    counts: Record<string, number>
    rssMb: number
  }
}

async function sitemapPart(database: string, seedEnv: NodeJS.ProcessEnv) {
  if (database === 'pg') {
    await withBenchPg(seedEnv.DB_DATABASE!, (client) => client.query('VACUUM ANALYZE institutions, courses, documents'))
  }
  const storage = join(root, `tmp/hot-paths-sitemaps-${process.pid}`)
  rmSync(storage, { recursive: true, force: true })
  const env = {
    ...seedEnv,
    NODE_ENV: 'production',
    SITEMAP_DISK: 'fs',
    STORAGE_PATH: storage,
    APP_URL: 'https://www.example.com',
  }
  try {
    const first = regenerate(env)
    const second = regenerate(env)
    const baseline = spawnSync(
      node,
      ['--import=@poppinss/ts-exec', join(root, 'bench/support/sitemapjs_baseline.ts'), join(storage, 'v2/sitemaps')],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      }
    )
    if (baseline.status !== 0) throw new Error(`sitemap.js baseline failed:\n${baseline.stderr}`)
    const reference = JSON.parse(baseline.stdout.trim().split('\n').pop()!) as { urls: number; ms: number }
    const urls = Object.values(first.counts).reduce((a, b) => a + b, 0)
    if (reference.urls !== urls)
      throw new Error(`sitemap.js serialised ${reference.urls} URLs, the regeneration ${urls}`)
    const ratio = first.durationMs / reference.ms
    const rssMb = Math.max(first.rssMb, second.rssMb)
    console.log(
      `  sitemaps (${database}): ${urls.toLocaleString('en-US')} URLs; first run ${first.durationMs} ms, ${first.uploaded} uploaded, ${first.rssMb} MB; second run ${second.durationMs} ms, ${second.uploaded} uploaded, ${second.rssMb} MB; sitemap.js ${reference.ms} ms`
    )
    report(
      `2. sitemap regeneration peak RSS (${database})`,
      `${rssMb} MB (runs ${first.rssMb}/${second.rssMb})`,
      `≤ ${GOALS.sitemapRssMb} MB`,
      rssMb <= GOALS.sitemapRssMb
    )
    report(
      `2. sitemap time vs sitemap.js (${database})`,
      `ratio ${ratio.toFixed(2)} (${first.durationMs}/${reference.ms} ms)`,
      `≤ ${GOALS.sitemapRatio}`,
      ratio <= GOALS.sitemapRatio
    )
    report(
      `2. sitemap second run uploads (${database})`,
      `${second.uploaded} (skipped ${second.skipped})`,
      '0',
      second.uploaded === 0
    )
  } finally {
    rmSync(storage, { recursive: true, force: true })
  }
}

buildApp()
if (parts.includes('flags') || parts.includes('pages')) await servedParts()
if (parts.includes('seed') || parts.includes('sitemaps')) for (const database of databases) await seedPart(database)
console.log(`\n${lines.join('\n')}`)
console.log(missed ? `${missed} goal(s) missed` : 'every goal met')
process.exit(missed ? 1 : 0)
