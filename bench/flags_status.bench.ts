/*
| `npm run bench flags_status`: GET /api/feature-flags/status/enable_ads on the production build
| (`node ace build`, then `node build/bin/server.js`, NODE_ENV=production, a scratch SQLite
| database) against a bare node:http server answering the same JSON bytes, autocannon
| `-c 50 -d 8`, alternating app, bare, app, bare (bench/support/ratio_kit.ts).
| Goal (issue 19): ratio ≥ 0.5. BENCH_SKIP_BUILD=1 reuses build/; BENCH_DURATION,
| BENCH_CONNECTIONS override 8 s and 50. The same measurement is part of `npm run bench hot_paths`.
*/
import { buildApp, runAce, scratchApp } from './support/bench_kit.js'
import { alternate, capture, formatRates, startBareServer, startBuiltServer } from './support/ratio_kit.js'

const duration = Number(process.env.BENCH_DURATION || 8)
const connections = Number(process.env.BENCH_CONNECTIONS || 50)
export const FLAG_STATUS_GOAL = 0.5
const PATH = '/api/feature-flags/status/enable_ads'

buildApp()
const scratch = await scratchApp('flags')
let stopApp = async () => {}
let stopBare = async () => {}
try {
  runAce(['migration:run', '--force'], scratch.env)
  runAce(['flags:create', 'enable_ads', '--enabled'], scratch.env)
  const app = await startBuiltServer(scratch.env, PATH)
  stopApp = app.stop
  const answer = await capture(`${scratch.base}${PATH}`)
  if (answer.body.toString() !== '{"name":"enable_ads","is_enabled":true}')
    throw new Error(`unexpected answer ${answer.body}`)
  const bare = await startBareServer({ [PATH]: answer })
  stopBare = bare.stop
  const result = await alternate(`${scratch.base}${PATH}`, `${bare.base}${PATH}`, { connections, duration })
  const met = result.ratio >= FLAG_STATUS_GOAL && result.errors === 0
  console.log(`flag status ${formatRates(result)}`)
  console.log(
    `ratio ${result.ratio.toFixed(2)} (goal ≥ ${FLAG_STATUS_GOAL}) ${met ? 'MET' : 'MISSED'}${result.errors ? `, ${result.errors} errors` : ''}`
  )
  if (!met) process.exitCode = 1
} finally {
  await stopApp()
  await stopBare()
  scratch.remove()
}
