/**
 * CONTRACT 12: `node ace …` and `node build/bin/server.js` must work when the `node` on PATH
 * is older than 24. When it is, re-run the same command under the project's pinned Node
 * (`node_modules/.bin/node`, from the `node@24` devDependency) and exit with its status.
 * Returns true when the caller must stop because the child process already ran.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function reexecUnderNode24(fromUrl: string): boolean {
  const major = Number(process.versions.node.split('.')[0])
  if (major >= 24 || process.env.STUDYHUB_REEXEC === '1') return false

  let dir = dirname(fileURLToPath(fromUrl))
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'node_modules', '.bin', 'node')
    if (existsSync(candidate)) {
      const result = spawnSync(candidate, [...process.execArgv, ...process.argv.slice(1)], {
        stdio: 'inherit',
        env: { ...process.env, STUDYHUB_REEXEC: '1' },
      })
      process.exitCode = result.status ?? 1
      return true
    }
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  console.error(`Node ${process.versions.node} is too old: install Node 24 or run npm install.`)
  process.exitCode = 1
  return true
}
