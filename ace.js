/*
| JavaScript entrypoint for running ace commands. Re-runs itself on the project's Node 24
| (CONTRACT 12) and registers the TypeScript loader before importing bin/console.ts.
*/
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const major = Number(process.versions.node.split('.')[0])
if (major < 24 && process.env.STUDYHUB_REEXEC !== '1') {
  const pinned = new URL('./node_modules/.bin/node', import.meta.url)
  if (!existsSync(pinned)) {
    console.error(`Node ${process.versions.node} is too old: run npm install first.`)
    process.exit(1)
  }
  const result = spawnSync(pinned.pathname, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, STUDYHUB_REEXEC: '1' },
  })
  process.exit(result.status ?? 1)
}

await import('@poppinss/ts-exec')
await import('./bin/console.js')
