/*
| JavaScript entrypoint for running ace commands. Re-runs itself on the project's Node 24
| (CONTRACT 12), forwarding SIGINT/SIGTERM/SIGHUP to the child and exiting with its status,
| then registers the TypeScript loader before importing bin/console.ts. It cannot share
| bin/ensure_node.ts: that file is TypeScript, which Node < 24 here cannot load.
*/
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { constants } from 'node:os'

const major = Number(process.versions.node.split('.')[0])
const forced = process.env.STUDYHUB_FORCE_REEXEC === '1'
if ((major < 24 || forced) && process.env.STUDYHUB_REEXEC !== '1') {
  const pinned = new URL('./node_modules/.bin/node', import.meta.url)
  if (!existsSync(pinned)) {
    console.error(`Node ${process.versions.node} is too old: run npm install first.`)
    process.exit(1)
  }
  const child = spawn(pinned.pathname, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, STUDYHUB_REEXEC: '1', STUDYHUB_FORCE_REEXEC: '' },
  })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1)))
} else {
  await import('@poppinss/ts-exec')
  await import('./bin/console.js')
}
