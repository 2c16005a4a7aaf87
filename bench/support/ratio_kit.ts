/**
 * Throughput as a ratio to the machine's ceiling (issue 19): the production build and a bare
 * `node:http` server answering the same bytes, each in its own process, measured with
 * autocannon alternately (app, bare, app, bare) so both see the same machine load. The ratio
 * is the sum of the app's rates over the sum of the bare server's.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, node, root, waitForUrl } from './bench_kit.js'

const autocannon = ((await import('autocannon' as string)) as any).default as (opts: object) => Promise<any>

export const BENCH_UA = 'Mozilla/5.0 (studyhub-bench)'

export type Answer = { status: number; headers: Record<string, string>; body: Buffer }

/** One response as the app sends it (status, content type, bytes), to be replayed by the bare server. */
export async function capture(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers: { 'user-agent': BENCH_UA, ...headers } })
  const body = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') || 'application/octet-stream'
  return { status: response.status, headers: { 'content-type': type }, body }
}

/**
 * A bare node:http server in its own process answering `answers[path]` (exact bytes and
 * content type) for each path. `stop()` ends it.
 */
export async function startBareServer(answers: Record<string, Answer>) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'))
  const table: Record<string, { status: number; headers: Record<string, string>; file: string }> = {}
  let i = 0
  for (const [path, answer] of Object.entries(answers)) {
    const file = join(dir, `${i++}.bin`)
    writeFileSync(file, answer.body)
    table[path] = { status: answer.status, headers: answer.headers, file }
  }
  const port = await freePort()
  const source = `
    const http = require('node:http')
    const fs = require('node:fs')
    const table = ${JSON.stringify(table)}
    const answers = new Map(Object.entries(table).map(([p, a]) => {
      const body = fs.readFileSync(a.file)
      return [p, { status: a.status, headers: { ...a.headers, 'content-length': body.length }, body }]
    }))
    http.createServer((req, res) => {
      const a = answers.get(req.url)
      if (!a) { res.writeHead(404); return res.end() }
      res.writeHead(a.status, a.headers)
      res.end(a.body)
    }).listen(${port}, '127.0.0.1')
  `
  const child = spawn(node, ['-e', source], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  const first = Object.keys(answers)[0]
  await waitForUrl(`http://127.0.0.1:${port}${first}`, { ready: (status) => status > 0 })
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopProcess(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Latencies of the liveness check (one every 10 ms) until `until()` is true, sorted ascending. */
export async function probeLiveness(base: string, until: () => boolean) {
  const latencies: number[] = []
  while (!until()) {
    const start = performance.now()
    const response = await fetch(`${base}/api/health/live`, { headers: { 'user-agent': BENCH_UA } })
    await response.arrayBuffer()
    latencies.push(performance.now() - start)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return latencies.sort((a, b) => a - b)
}

/** `node build/bin/server.js` with `env` (production build, see bench_kit's buildApp). */
export async function startBuiltServer(env: NodeJS.ProcessEnv, readyPath: string, extraArgs: string[] = []) {
  const child = spawn(node, [...extraArgs, 'build/bin/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitForUrl(`http://127.0.0.1:${env.PORT}${readyPath}`, { headers: { 'user-agent': BENCH_UA } })
  return { child, stop: () => stopProcess(child) }
}

export async function stopProcess(child: ChildProcess | null) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export type RateResult = { rps: number; non2xx: number; errors: number }

export async function rate(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string> = {}
): Promise<RateResult> {
  const result = await autocannon({ url, connections, duration, headers: { 'user-agent': BENCH_UA, ...headers } })
  return {
    rps: result.requests.average as number,
    non2xx: result.non2xx as number,
    errors: (result.errors as number) + (result.timeouts as number),
  }
}

export type RatioResult = { app: number[]; bare: number[]; ratio: number; errors: number }

/**
 * A short warm-up of both, then app, bare, app, bare (`rounds` pairs) for `duration` seconds
 * each with `connections` connections.
 */
export async function alternate(
  appUrl: string,
  bareUrl: string,
  options: { connections: number; duration: number; rounds?: number; headers?: Record<string, string> }
): Promise<RatioResult> {
  const { connections, duration, rounds = 2, headers = {} } = options
  await rate(appUrl, Math.min(10, connections), 2, headers)
  await rate(bareUrl, Math.min(10, connections), 1, headers)
  const app: number[] = []
  const bare: number[] = []
  let errors = 0
  for (let round = 0; round < rounds; round++) {
    const a = await rate(appUrl, connections, duration, headers)
    const b = await rate(bareUrl, connections, duration, headers)
    app.push(a.rps)
    bare.push(b.rps)
    errors += a.non2xx + a.errors + b.non2xx + b.errors
  }
  const sum = (list: number[]) => list.reduce((total, value) => total + value, 0)
  return { app, bare, ratio: sum(app) / sum(bare), errors }
}

export function formatRates(result: RatioResult) {
  const mean = (list: number[]) => list.reduce((t, v) => t + v, 0) / list.length
  return `app ${Math.round(mean(result.app)).toLocaleString('en-US')} vs bare ${Math.round(mean(result.bare)).toLocaleString('en-US')} req/s (runs app ${result.app.map((v) => Math.round(v)).join('/')}, bare ${result.bare.map((v) => Math.round(v)).join('/')})`
}
