import { test } from '@japa/runner'
import { WorkerPool, WorkerTaskError } from '#services/infra/worker_pool'

/*
| The generic worker pool (issue 23 item 2): bounded concurrency, a bounded queue, a time limit
| per task, a heap limit per worker, a worker recycled after any failure, a clean close.
*/
const entry = new URL('../../support/pool_test_worker.ts', import.meta.url)

async function reason(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof WorkerTaskError) return error.reason
    throw error
  }
  return 'resolved'
}

test.group('WorkerPool', (group) => {
  let pool: WorkerPool
  group.each.teardown(() => pool?.close())

  test('runs tasks off the main thread and reuses a healthy worker', async ({ assert }) => {
    pool = new WorkerPool({ entry, size: 1, maxQueue: 4 })
    const first = await pool.run<{ payload: unknown; threadId: number }>('echo', { a: [1, 2] }, { timeoutMs: 5000 })
    const second = await pool.run<{ threadId: number }>('echo', null, { timeoutMs: 5000 })
    assert.deepEqual(first.payload, { a: [1, 2] })
    assert.notEqual(first.threadId, 0)
    assert.equal(second.threadId, first.threadId)
  })

  test('at most `size` tasks run at once; the queue is bounded ("busy" at once beyond it)', async ({ assert }) => {
    pool = new WorkerPool({ entry, size: 2, maxQueue: 1 })
    await Promise.all([pool.run('echo', 1, { timeoutMs: 5000 }), pool.run('echo', 2, { timeoutMs: 5000 })])
    const running = [
      pool.run('spin', 300, { timeoutMs: 5000 }),
      pool.run('spin', 300, { timeoutMs: 5000 }),
      pool.run('spin', 10, { timeoutMs: 5000 }),
    ]
    assert.deepEqual(pool.stats, { workers: 2, busy: 2, queued: 1 })
    assert.equal(await reason(pool.run('echo', 4, { timeoutMs: 5000 })), 'busy')
    const ids = await Promise.all(running)
    assert.lengthOf(new Set(ids.slice(0, 2)), 2)
  })

  test('a task over its time limit is stopped, its worker replaced, the queue goes on', async ({ assert }) => {
    pool = new WorkerPool({ entry, size: 1, maxQueue: 2 })
    const before = await pool.run<{ threadId: number }>('echo', null, { timeoutMs: 5000 })
    const slow = reason(pool.run('spin', 60_000, { timeoutMs: 200 }))
    const queued = pool.run<{ threadId: number }>('echo', 'after', { timeoutMs: 5000 })
    assert.equal(await slow, 'timeout')
    const after = await queued
    assert.notEqual(after.threadId, before.threadId)
  }).timeout(20_000)

  test('the limit counts the task CPU time: a wait without CPU finishes, one stuck for 6x the limit is stopped', async ({
    assert,
  }) => {
    pool = new WorkerPool({ entry, size: 1, maxQueue: 2 })
    await pool.run('echo', null, { timeoutMs: 5000 })
    const waited = await pool.run<number>('sleep', 900, { timeoutMs: 300 })
    assert.isNumber(waited)
    const started = Date.now()
    assert.equal(await reason(pool.run('sleep', 10_000, { timeoutMs: 200 })), 'timeout')
    assert.isAtLeast(Date.now() - started, 1150)
    assert.isBelow(Date.now() - started, 5000)
  }).timeout(20_000)

  test('handler errors keep name, message, details; crashed and OOM workers replaced', async ({ assert }) => {
    pool = new WorkerPool({ entry, size: 1, maxQueue: 2, resourceLimits: { maxOldGenerationSizeMb: 32 } })
    const error = (await pool.run('fail', 'no thanks', { timeoutMs: 5000 }).catch((e) => e)) as WorkerTaskError
    assert.instanceOf(error, WorkerTaskError)
    assert.equal(error.reason, 'error')
    assert.equal(error.remoteName, 'TestRefusal')
    assert.equal(error.message, 'no thanks')
    assert.deepEqual(error.details, { rule: 'test' })
    assert.equal(await reason(pool.run('exit', null, { timeoutMs: 5000 })), 'crashed')
    assert.equal(await reason(pool.run('hog', null, { timeoutMs: 20_000 })), 'memory')
    assert.equal((await pool.run<{ payload: string }>('echo', 'still here', { timeoutMs: 5000 })).payload, 'still here')
  }).timeout(30_000)

  test('close fails what is queued and refuses new work', async ({ assert }) => {
    pool = new WorkerPool({ entry, size: 1, maxQueue: 2 })
    const running = reason(pool.run('spin', 2000, { timeoutMs: 10_000 }))
    const queued = reason(pool.run('echo', null, { timeoutMs: 10_000 }))
    await pool.close()
    assert.equal(await running, 'closed')
    assert.equal(await queued, 'closed')
    assert.equal(await reason(pool.run('echo', null, { timeoutMs: 1000 })), 'closed')
    assert.deepEqual(pool.stats, { workers: 0, busy: 0, queued: 0 })
  })
})
