#!/usr/bin/env node
/*
| `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) one after the
| other on the project's Node 24 and prints their figures. Benchmarks never run in npm test.
*/
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const wanted = process.argv.slice(2)
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file}`)
  const result = spawnSync(join(root, 'node_modules/.bin/node'), ['--import=@poppinss/ts-exec', join('bench', file)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env },
  })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
