/*
| `npm run bench flags_status`: requests per second of GET /api/feature-flags/status/enable_ads
| (lean public stack, answered from the in-memory flag cache) against a bare node:http server
| returning the same JSON, both measured with autocannon on loopback in one run.
| Target (issue 4): the app reaches at least 0.3 of the bare server's rate.
|
| The app runs as a real server process (`node --import=@poppinss/ts-exec bin/server.ts`,
| NODE_ENV=production, a scratch SQLite database under tmp/), so nothing here touches the
| developer's database. BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50).
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort, node, root, runAce, waitForUrl, scratchApp } from './support/bench_kit.js'

const duration = Number(process.env.BENCH_DURATION || 10)
const connections = Number(process.env.BENCH_CONNECTIONS || 50)
const TARGET = 0.3
const PATH = '/api/feature-flags/status/enable_ads'
const BODY = JSON.stringify({ name: 'enable_ads', is_enabled: true })

const autocannon = ((await import('autocannon' as string)) as any).default as (opts: object) => Promise<any>


async function run(url: string) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'user-agent': 'studyhub-bench', accept: 'application/json' },
  })
  return {
    rps: result.requests.average as number,
    latencyP99: result.latency.p99 as number,
    non2xx: result.non2xx as number,
    errors: result.errors as number,
  }
}

const scratch = await scratchApp('flags')
const { env, port: appPort } = scratch

const ace = (args: string[]) => runAce(args, env)

let app: ChildProcess | null = null
let bare: ChildProcess | null = null
// The bare server runs in its own process, like the app, so autocannon does not share its event loop.
const BARE_SOURCE = `
const http = require('node:http')
const body = ${JSON.stringify(BODY)}
http.createServer((req, res) => {
  if (req.url === ${JSON.stringify(PATH)}) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    return res.end(body)
  }
  res.writeHead(404); res.end()
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('bare ready'))
`

const waitFor = (url: string, ready: (status: number, body: any) => boolean) => waitForUrl(url, { ready })

try {
  console.log('preparing a scratch database…')
  ace(['migration:run', '--force'])
  ace(['flags:create', 'enable_ads', '--enabled'])

  console.log(`starting the app on 127.0.0.1:${appPort} (NODE_ENV=production)…`)
  app = spawn(node, ['--import=@poppinss/ts-exec', 'bin/server.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  await waitFor(`http://127.0.0.1:${appPort}${PATH}`, (status, body) => status === 200 && body?.is_enabled === true)

  const barePort = await freePort()
  bare = spawn(node, ['-e', BARE_SOURCE], { cwd: root, env: { ...process.env, BARE_PORT: String(barePort) }, stdio: ['ignore', 'ignore', 'inherit'] })
  await waitFor(`http://127.0.0.1:${barePort}${PATH}`, (status) => status === 200)

  // warm-up (JIT, cache) then the measured runs
  await autocannon({ url: `http://127.0.0.1:${appPort}${PATH}`, connections: 10, duration: 2, headers: { 'user-agent': 'studyhub-bench' } })
  await autocannon({ url: `http://127.0.0.1:${barePort}${PATH}`, connections: 10, duration: 1 })
  console.log(`measuring the bare node:http server (${duration}s, ${connections} connections)…`)
  const bareResult = await run(`http://127.0.0.1:${barePort}${PATH}`)
  console.log(`measuring the app's ${PATH} (${duration}s, ${connections} connections)…`)
  const appResult = await run(`http://127.0.0.1:${appPort}${PATH}`)

  const ratio = appResult.rps / bareResult.rps
  console.log('')
  console.log(`bare node:http   ${bareResult.rps.toFixed(0).padStart(8)} req/s   p99 ${bareResult.latencyP99} ms`)
  console.log(`app status route ${appResult.rps.toFixed(0).padStart(8)} req/s   p99 ${appResult.latencyP99} ms   non-2xx ${appResult.non2xx}, errors ${appResult.errors}`)
  console.log(`ratio            ${ratio.toFixed(3)}   (target >= ${TARGET}) ${ratio >= TARGET ? 'MET' : 'NOT MET'}`)
  if (appResult.non2xx > 0 || appResult.errors > 0) {
    console.log('the app answered errors during the run: figures are not valid')
    process.exitCode = 1
  }
} finally {
  if (app && app.exitCode === null) app.kill('SIGTERM')
  if (bare && bare.exitCode === null) bare.kill('SIGTERM')
  scratch.remove()
}
