/*
| `npm run bench hardening_load`: load figures of the production build on loopback (issue 9
| item 1). Builds the app first (`node ace build`; BENCH_SKIP_BUILD=1 reuses build/ when it
| exists), then serves `node build/bin/server.js` with NODE_ENV=production on a free port, against a scratch
| SQLite database (migrated and seeded with the demo data) and a scratch sitemap disk, then
| measures with autocannon:
|   - GET /documents                     catalog list page (SSR)      target >= 300 req/s
|   - GET /documents/:slug               document page (SSR)          target >= 300 req/s
|   - GET /, /courses/:slug, /institutions/:slug  the other SSR pages  target >= 300 req/s
|   - GET /api/notes                     signed in (session cookie from /api/auth/login)
|   - GET /api/feature-flags/status/enable_ads
|   - GET /sitemaps/documents/0          a sitemap chunk from storage (SITEMAP_DISK=fs)
| Prints req/s, p50, p99, non-2xx and errors per target. BENCH_DURATION seconds (default 10;
| the 30 s: BENCH_DURATION=30), BENCH_CONNECTIONS (default 20), BENCH_NODE_ENV
| (default production; `development` for what `npm start` serves locally).
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { apiSignIn, buildApp, node, root, runAce, waitForUrl, scratchApp } from './support/bench_kit.js'

const duration = Number(process.env.BENCH_DURATION || 10)
const connections = Number(process.env.BENCH_CONNECTIONS || 20)
const SSR_TARGET = 300
const UA = 'Mozilla/5.0 (studyhub-bench)'

const autocannon = ((await import('autocannon' as string)) as any).default as (opts: object) => Promise<any>

const scratch = await scratchApp('hardening', {
  NODE_ENV: process.env.BENCH_NODE_ENV || 'production',
  SITEMAP_DISK: 'fs',
})
const { base, env } = scratch

const ace = (args: string[]) => runAce(args, env)

const waitFor = (url: string) => waitForUrl(url, { headers: { 'user-agent': UA } })

type Row = {
  name: string
  path: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  target: number | null
}

async function measure(
  name: string,
  path: string,
  headers: Record<string, string>,
  target: number | null
): Promise<Row> {
  const check = await fetch(`${base}${path}`, { headers: { 'user-agent': UA, ...headers } })
  if (check.status !== 200) throw new Error(`${path} answers ${check.status} before the run`)
  await autocannon({ url: `${base}${path}`, connections: 5, duration: 2, headers: { 'user-agent': UA, ...headers } })
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration,
    headers: { 'user-agent': UA, ...headers },
  })
  return {
    name,
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    target,
  }
}

let server: ChildProcess | null = null
try {
  buildApp()
  console.log('preparing a scratch database (migrations + demo seed) and sitemap disk…')
  ace(['migration:run', '--force'])
  // Demo data seeds in development only (issue 23 item 5); the server below runs in production.
  runAce(['db:seed'], { ...env, NODE_ENV: 'development' })
  ace(['sitemap:regenerate'])

  console.log(`starting node build/bin/server.js on ${base} (NODE_ENV=${env.NODE_ENV})…`)
  server = spawn(node, ['build/bin/server.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  await waitFor(`${base}/api/feature-flags/status/enable_ads`)

  const first = async (kind: string) => {
    const list = (await (await fetch(`${base}/api/${kind}?limit=1`, { headers: { 'user-agent': UA } })).json()) as any
    const found = list?.data?.[0]?.slug
    if (!found) throw new Error(`no public ${kind} in the seeded catalog`)
    return found as string
  }
  const slug = await first('documents')
  const courseSlug = await first('courses')
  const institutionSlug = await first('institutions')
  const { cookie } = await apiSignIn(base, 'demo@example.com', 'demo-password', UA)

  console.log(`measuring ${duration}s per target, ${connections} connections…`)
  const rows: Row[] = []
  rows.push(await measure('catalog list page (SSR)', '/documents', {}, SSR_TARGET))
  rows.push(await measure('document page (SSR)', `/documents/${slug}`, {}, SSR_TARGET))
  rows.push(await measure('home page (SSR)', '/', {}, SSR_TARGET))
  rows.push(await measure('course page (SSR)', `/courses/${courseSlug}`, {}, SSR_TARGET))
  rows.push(await measure('institution page (SSR)', `/institutions/${institutionSlug}`, {}, SSR_TARGET))
  rows.push(await measure('GET /api/notes (signed in)', '/api/notes', { cookie, accept: 'application/json' }, null))
  rows.push(await measure('flag status', '/api/feature-flags/status/enable_ads', {}, null))
  rows.push(await measure('sitemap chunk (storage)', '/sitemaps/documents/0', {}, null))

  console.log('')
  console.log(
    `${'target'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non2xx'.padStart(7)} ${'errors'.padStart(7)}  goal`
  )
  let bad = false
  for (const r of rows) {
    const goal = r.target === null ? '' : `>= ${r.target} req/s ${r.rps >= r.target ? 'MET' : 'NOT MET'}`
    console.log(
      `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.non2xx).padStart(7)} ${String(r.errors).padStart(7)}  ${goal}`
    )
    if (r.non2xx || r.errors) bad = true
  }
  if (bad) {
    console.log('errors during the run: the figures are not valid (zero errors is a goal)')
    process.exitCode = 1
  }
} finally {
  if (server && server.exitCode === null) {
    // Wait for the server to go before its database and disk are removed under it.
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  scratch.remove()
}
