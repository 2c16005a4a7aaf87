import { test } from '@japa/runner'
import { runEnv } from '#tests/bootstrap'
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import { freePort } from '#tests/support/free_port'

/*
| docs/rules/hardening.md#bad-input re-exec under Node 24: a parent started by an older Node runs the command in
| a child. Stopping the parent must stop the child (issue: kill -TERM left the server serving).
| STUDYHUB_FORCE_REEXEC=1 takes the re-exec path on Node 24 too.
*/
const node = app.makePath('node_modules/.bin/node')

function childrenOf(pid: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push(Number(entry))
    } catch {}
  }
  return found
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

async function until<T>(probe: () => Promise<T | null> | T | null, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

function start(args: string[], env: Record<string, string>) {
  const parent = spawn(node, args, {
    cwd: app.makePath(),
    env: { ...runEnv(), STUDYHUB_FORCE_REEXEC: '1', STUDYHUB_REEXEC: '', LOG_LEVEL: 'error', ...env },
    stdio: 'ignore',
  })
  const exited = new Promise<number | null>((resolve) => parent.on('exit', (code) => resolve(code)))
  return { parent, exited }
}

const childOf = (parent: ChildProcess) => until(() => childrenOf(parent.pid!)[0] ?? null, 20000, 'the Node 24 child')

/** Signals the parent; reports its exit code (or 'timeout') and whether the child is gone. */
async function stopWith(parent: ChildProcess, exited: Promise<number | null>, child: number, signal: NodeJS.Signals) {
  parent.kill(signal)
  const code = await Promise.race([exited, sleep(15000).then(() => 'timeout' as const)])
  const childGone = await until(() => !alive(child), 5000, 'the child to exit').catch(() => false)
  return { code, childGone }
}

test.group('Process signals through the Node 24 re-exec (CONTRACT 12)', (group) => {
  const spawned: ChildProcess[] = []
  group.each.teardown(() => {
    for (const proc of spawned.splice(0)) {
      for (const pid of childrenOf(proc.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL')
      if (proc.exitCode === null) proc.kill('SIGKILL')
    }
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`bin/server: ${signal} to the parent stops the serving child and frees the port`, async ({ assert }) => {
      const port = await freePort()
      const { parent, exited } = start(['--import=@poppinss/ts-exec', 'bin/server.ts'], {
        PORT: String(port),
        HOST: '127.0.0.1',
      })
      spawned.push(parent)
      const child = await childOf(parent)
      await until(
        () =>
          fetch(`http://127.0.0.1:${port}/robots.txt`).then(
            (r) => r.ok,
            () => false
          ),
        30000,
        'the server'
      )

      const { code, childGone } = await stopWith(parent, exited, child, signal)
      assert.notEqual(code, 'timeout', 'the parent exited')
      assert.isTrue(childGone, 'the Node 24 child exited too')
      const refused = await fetch(`http://127.0.0.1:${port}/robots.txt`).then(
        () => false,
        () => true
      )
      assert.isTrue(refused, 'nothing serves on the port any more')
    }).timeout(60000)
  }

  test('bin/server: headers the HTTP parser refuses get the contract body (client_errors.spec.ts)', async ({
    assert,
  }) => {
    const port = await freePort()
    const { parent } = start(['--import=@poppinss/ts-exec', 'bin/server.ts'], { PORT: String(port), HOST: '127.0.0.1' })
    spawned.push(parent)
    const robots = `http://127.0.0.1:${port}/robots.txt`
    await until(
      () =>
        fetch(robots).then(
          (r) => r.ok,
          () => false
        ),
      30000,
      'the server'
    )
    const refused = await fetch(robots, { headers: { 'x-padding': 'a'.repeat(20_000) } })
    assert.equal(refused.status, 431)
    assert.deepInclude(await refused.json(), { code: 'BAD_REQUEST', status: 431 })
  }).timeout(60000)

  test('node ace: SIGTERM to the parent stops a long-running command in the child', async ({ assert }) => {
    const { parent, exited } = start(['ace.js', 'scheduler:work', '--json'], {
      DB_CONNECTION: 'sqlite',
      SQLITE_FILE: 'tmp/signals.sqlite3',
    })
    spawned.push(parent)
    const child = await childOf(parent)
    await sleep(1500)
    const { code, childGone } = await stopWith(parent, exited, child, 'SIGTERM')
    assert.notEqual(code, 'timeout', 'the parent exited')
    assert.isTrue(childGone, 'the Node 24 child exited too')
  }).timeout(60000)
})
