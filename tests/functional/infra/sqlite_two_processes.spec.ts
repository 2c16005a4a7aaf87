import { test } from '@japa/runner'
import { hostEnv } from '#tests/support/test_run'
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import { freePort } from '#tests/support/free_port'

/*
| Issue 23 item 10: two app processes on one SQLite file. A read-then-write transaction (the
| sign-up attempt count, then its insert) began as a deferred read; when the other process
| committed in between, SQLite refused the upgrade at once with SQLITE_BUSY_SNAPSHOT (the busy
| timeout never applies to it) and sign-up answered 500. Write transactions now begin IMMEDIATE
| and wait for the lock under busy_timeout.
*/
const node = app.makePath('node_modules/.bin/node')

function childEnv(file: string, port: number) {
  return {
    ...hostEnv(),
    NODE_ENV: 'test',
    APP_KEY: 'two-processes-app-key-two-processes-app-key',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: file,
    SESSION_DRIVER: 'cookie',
    LIMITER_STORE: 'database',
    SCHEDULER_IN_PROCESS: 'false',
    AUTH_SIGNUP_RATE_LIMIT_PER_DAY: '100000',
    AUTH_THROTTLE_PER_MINUTE: '100000',
    LOG_LEVEL: 'error',
  }
}

function run(args: string[], env: Record<string, string>) {
  return new Promise<number | null>((resolve) => {
    const child = spawn(node, args, { cwd: app.makePath(), env, stdio: 'ignore' })
    child.on('exit', (code) => resolve(code))
  })
}

async function waitUntilServing(base: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health/live`).then(
      (r) => r.ok,
      () => false
    )
    if (ok) return
    await sleep(200)
  }
  throw new Error(`${base} did not start`)
}

/** One sign-up like a browser: the CSRF cookie first, then the POST with its header. */
async function signUp(base: string, email: string) {
  const csrf = await fetch(`${base}/api/auth/csrf`)
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0])
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length))
  const response = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      'cookie': cookies.join('; '),
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ email, password: 'correct-horse-1' }),
  })
  return { status: response.status, body: await response.text() }
}

test.group('SQLite: two processes on one file (issue 23 item 10)', (group) => {
  const children: ChildProcess[] = []
  const files: string[] = []
  group.each.teardown(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
    }
    for (const file of files.splice(0))
      for (const suffix of ['', '-wal', '-shm']) rmSync(app.makePath(file + suffix), { force: true })
  })

  test('a sign-up burst across two servers answers 201 every time, never 500', async ({ assert }) => {
    const file = `tmp/two-processes-${randomBytes(4).toString('hex')}.sqlite3`
    files.push(file)
    const ports = [await freePort(), await freePort()]
    assert.equal(await run(['ace.js', 'migration:run', '--force'], childEnv(file, ports[0])), 0)
    const bases = ports.map((port) => {
      const child = spawn(node, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
        cwd: app.makePath(),
        env: childEnv(file, port),
        stdio: 'ignore',
      })
      children.push(child)
      return `http://127.0.0.1:${port}`
    })
    await Promise.all(bases.map(waitUntilServing))

    const tag = randomBytes(3).toString('hex')
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => signUp(bases[i % 2], `burst-${tag}-${i}@example.com`))
    )
    const failures = answers.filter((a) => a.status !== 201)
    assert.deepEqual(failures, [], 'every sign-up succeeded')
  }).timeout(180000)
})
