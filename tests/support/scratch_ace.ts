import { spawn } from 'node:child_process'
import { hostEnv } from '#tests/support/test_run'
import { rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'

/**
 * `node ace …` in a child process with its own NODE_ENV and a scratch SQLite file (issue 23
 * items 5 and 9), so an environment switch never leaks into the test process. The environment
 * is clean: the runner's own settings (memory session and limiter stores) are refused in
 * production.
 */
export type ScratchApp = { env: Record<string, string>; file: string; remove(): void }

export function scratchApp(nodeEnv: 'production' | 'development', extra: Record<string, string> = {}): ScratchApp {
  const file = `tmp/scratch-${nodeEnv}-${randomBytes(4).toString('hex')}.sqlite3`
  const env = {
    ...hostEnv(),
    NODE_ENV: nodeEnv,
    APP_KEY: randomBytes(32).toString('base64url'),
    APP_URL: 'http://127.0.0.1:3333',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: file,
    SESSION_DRIVER: 'cookie',
    LIMITER_STORE: 'database',
    LOG_LEVEL: 'info',
    ...extra,
  }
  return {
    env,
    file,
    remove() {
      for (const suffix of ['', '-wal', '-shm']) rmSync(app.makePath(file + suffix), { force: true })
    },
  }
}

export function runAce(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(app.makePath('node_modules/.bin/node'), ['ace.js', ...args], {
      cwd: app.makePath(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

/** Runs the command and throws with its output when it exits non-zero. */
export async function mustRunAce(args: string[], env: Record<string, string>) {
  const result = await runAce(args, env)
  if (result.code !== 0) throw new Error(`node ace ${args.join(' ')} exited ${result.code}: ${result.output}`)
  return result.output
}
