#!/usr/bin/env node
/*
| `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) one after the
| other on the project's Node 24 and prints their figures. Benchmarks never run in npm test.
| Benches that use PostgreSQL get the server named by DB_HOST/DB_PORT; without DB_PORT a
| private cluster is started on a free loopback port for the run (installed when missing, as
| npm run cluster does) and stopped afterwards.
*/
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../scripts/cluster.js'
import { provision } from '../scripts/provision.js'
import { startPrivatePostgres } from '../scripts/private_pg.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const wanted = process.argv.slice(2)
const all = readdirSync(join(root, 'bench')).filter((f) => f.endsWith('.bench.ts'))
// A name that is exactly a bench's runs that bench only (`search` is not also `notes_search`).
const files = all
  .filter(
    (f) =>
      wanted.length === 0 || wanted.some((w) => (all.includes(`${w}.bench.ts`) ? f === `${w}.bench.ts` : f.includes(w)))
  )
  .sort()

const env = { ...process.env }
let postgres = null
let scratch = null
// A bench that names DB_PORT or uses bench_kit's PostgreSQL helpers (benchPg…) needs a server.
const needsPostgres = files.some((f) => /DB_PORT|benchPg/.test(readFileSync(join(root, 'bench', f), 'utf8')))

// Ctrl+C reaches the running bench too; stop after it, so the private cluster is stopped.
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true))

let failed = 0
try {
  if (needsPostgres && !env.DB_PORT) {
    const tools = provision(['postgres'], env, 'npm run bench')
    scratch = mkdtempSync(join(tmpdir(), 'studyhub-bench-'))
    const port = await freePort()
    postgres = startPrivatePostgres({ binDir: tools.PG_BIN_DIR, dir: scratch, port })
    Object.assign(env, { DB_HOST: '127.0.0.1', DB_PORT: String(port), DB_USER: 'postgres', DB_PASSWORD: '' })
    console.log(`PostgreSQL for the benches on 127.0.0.1:${port}`)
  }
  for (const file of files) {
    if (interrupted) break
    console.log(`\n=== ${file}`)
    const result = spawnSync(
      join(root, 'node_modules/.bin/node'),
      ['--import=@poppinss/ts-exec', join('bench', file)],
      {
        cwd: root,
        stdio: 'inherit',
        env,
      }
    )
    if (result.status !== 0) failed++
  }
} finally {
  postgres?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
}
process.exit(failed || interrupted ? 1 : 0)
