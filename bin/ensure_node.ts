/**
 * docs/rules/operations.md#settings: `node ace …` and `node build/bin/server.js` must work when the `node` on
 * PATH is older than 24. When it is, re-run the same command under the project's pinned Node
 * (`node_modules/.bin/node`, from the `node@24` devDependency), forward SIGINT, SIGTERM and SIGHUP to it, and
 * exit with its status, so stopping the parent stops the server. `STUDYHUB_FORCE_REEXEC=1` takes this path on
 * any Node (tests use it). Resolves true when the caller must stop because the child process already ran.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { constants } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

function pinnedNode(fromUrl: string): string | null {
  let dir = dirname(fileURLToPath(fromUrl))
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'node_modules', '.bin', 'node')
    if (existsSync(candidate)) return candidate
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  return null
}

/** Runs `binary args` as a child that receives our signals; resolves its exit status. */
export function runForwardingSignals(binary: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(binary, args, { stdio: 'inherit', env })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  for (const signal of FORWARDED) process.on(signal, forward)
  return new Promise<number>((resolve) => {
    child.on('error', () => resolve(1))
    child.on('exit', (code, signal) => {
      for (const name of FORWARDED) process.off(name, forward)
      resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1))
    })
  })
}

export async function reexecUnderNode24(fromUrl: string): Promise<boolean> {
  const major = Number(process.versions.node.split('.')[0])
  const forced = process.env.STUDYHUB_FORCE_REEXEC === '1'
  if ((major >= 24 && !forced) || process.env.STUDYHUB_REEXEC === '1') return false

  const binary = pinnedNode(fromUrl)
  if (!binary) {
    console.error(`Node ${process.versions.node} is too old: install Node 24 or run npm install.`)
    process.exitCode = 1
    return true
  }
  const env = { ...process.env, STUDYHUB_REEXEC: '1', STUDYHUB_FORCE_REEXEC: '' }
  process.exitCode = await runForwardingSignals(binary, [...process.execArgv, ...process.argv.slice(1)], env)
  return true
}
