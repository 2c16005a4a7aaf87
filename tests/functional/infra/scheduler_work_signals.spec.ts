import { test } from '@japa/runner'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { mkdir, rm } from 'node:fs/promises'
import { promisify } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import { hostEnv } from '#tests/support/test_run'
import { freePort } from '#tests/support/free_port'

/*
| docs/rules/operations.md#scheduler: SIGTERM to `scheduler:work` while a task runs lets the task finish and its
| run row be written before the database closes, then the process exits. The task here is the sitemap
| regeneration on an S3 endpoint that holds its first request until the test lets it fail.
*/
const node = app.makePath('node_modules/.bin/node')
const SCRATCH = 'tmp/scheduler-work-signals'

function processEnv(s3Port: number) {
  return {
    PATH: hostEnv().PATH,
    NODE_ENV: 'development',
    APP_KEY: 'scheduler-signals-app-key-scheduler-signals',
    APP_URL: 'http://127.0.0.1:3998',
    LOG_LEVEL: 'error',
    SQLITE_FILE: `${SCRATCH}/db.sqlite3`,
    STORAGE_PATH: `${SCRATCH}/storage`,
    SCHEDULER_IN_PROCESS: 'false',
    SITEMAP_CRON_SCHEDULE: '* * * * *',
    SITEMAP_DISK: 's3',
    S3_BUCKET: 'sitemaps',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
  }
}

async function sqlite(sql: string) {
  const { default: Database } = await import('better-sqlite3')
  const handle = new Database(app.makePath(`${SCRATCH}/db.sqlite3`), { readonly: true })
  try {
    return handle.prepare(sql).all() as Record<string, unknown>[]
  } finally {
    handle.close()
  }
}

test.group('scheduler:work / SIGTERM during a task', (group) => {
  let server: Server
  let worker: ChildProcess | null = null
  const held: Socket[] = []
  group.setup(async () => {
    await rm(app.makePath(SCRATCH), { recursive: true, force: true })
    await mkdir(app.makePath(SCRATCH), { recursive: true })
    return () => rm(app.makePath(SCRATCH), { recursive: true, force: true })
  })
  group.each.teardown(async () => {
    if (worker && worker.exitCode === null) worker.kill('SIGKILL')
    for (const socket of held.splice(0)) socket.destroy()
    await new Promise((resolve) => server?.close(resolve))
  })

  test('the running task ends and is recorded, then the worker exits', async ({ assert }) => {
    const port = await freePort()
    let requests = 0
    server = createServer((request) => {
      requests++
      held.push(request.socket)
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    const env = processEnv(port)
    const migrated = await promisify(execFile)(node, ['ace.js', 'migration:run', '--force'], {
      cwd: app.makePath(),
      env,
    })
    assert.include(migrated.stdout + migrated.stderr, 'Migrated')

    worker = spawn(node, ['ace.js', 'scheduler:work', '--json'], { cwd: app.makePath(), env, stdio: 'ignore' })
    const exited = new Promise<number | null>((resolve) => worker!.on('exit', (code) => resolve(code)))
    for (let i = 0; i < 300 && requests === 0; i++) await sleep(100)
    assert.isAbove(requests, 0, 'the regeneration reached the storage endpoint')

    worker.kill('SIGTERM')
    await sleep(1000)
    // The storage endpoint fails the held request: the task ends (failed) after the signal.
    server.close()
    for (const socket of held.splice(0)) socket.destroy()
    const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)])
    assert.equal(code, 0, 'the worker exited on its own')

    const runs = await sqlite(
      "select status, finished_at from scheduler_runs where task = 'sitemaps:regenerate' order by id desc"
    )
    assert.lengthOf(runs, 1)
    assert.equal(runs[0].status, 'failed')
    assert.isNotNull(runs[0].finished_at)
    const now = Date.now()
    const locks = await sqlite(`select key from locks where expiration > ${now}`)
    assert.lengthOf(locks, 0, 'the regeneration lock was released')
  }).timeout(90_000)
})
