import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Scheduler } from '#services/scheduler/scheduler'
import { startSchedulerLoop } from '#services/scheduler/loop'
import schedulerConfig, { schedulerInProcess } from '#config/scheduler'
import { scheduledTasks, type ScheduledTask } from '#services/scheduler/tasks'

/*
| Issue 16 item 6 (docs/rules/operations.md#scheduler): the in-process loop, each slot once across schedulers,
| stale runs taken over, old rows pruned. Commits for real (several schedulers race); cleans up.
*/
const TASK = 'test:issue16'
function countingTask(delayMs = 0) {
  const task: ScheduledTask & { runs: number } = {
    name: TASK,
    runs: 0,
    schedule: () => '* * * * *',
    run: async () => {
      task.runs++
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs))
      return null
    },
  }
  return task
}
const format = (dt: DateTime) => dt.toFormat(db.connection().dialect.dateTimeFormat)

test.group('Infra / scheduler across instances (CONTRACT 14, issue 16)', (group) => {
  const clearRuns = async () => {
    await db.from('scheduler_runs').where('task', TASK).delete()
  }
  group.each.setup(async () => {
    await clearRuns()
    return clearRuns
  })

  test('SCHEDULER_IN_PROCESS=false in .env.test keeps the loop out of the test server; stale timeout 30 min', ({
    assert,
  }) => {
    assert.isFalse(schedulerConfig.inProcess, 'SCHEDULER_IN_PROCESS=false in .env.test')
    assert.equal(schedulerConfig.staleAfterMs, 30 * 60_000)
  })

  test('SCHEDULER_IN_PROCESS unset: the web server runs the loop (CONTRACT 14 default true)', ({ assert }) => {
    assert.isTrue(schedulerInProcess(undefined))
    assert.isFalse(schedulerInProcess(false))
  })

  test('four schedulers (loops and a cron run) on one slot run the task once', async ({ assert }) => {
    const task = countingTask(100)
    const now = new Date()
    const loops = [0, 1, 2].map(() => startSchedulerLoop({ scheduler: new Scheduler([task]) }))
    const cron = await new Scheduler([task]).runDue(now)
    await Promise.all(loops.map((l) => l.stop()))
    assert.isAtLeast(
      loops.reduce((n, l) => n + l.ticks(), 0),
      3
    )
    const rows = await db.from('scheduler_runs').where('task', TASK)
    assert.equal(task.runs, rows.length, 'one run per slot row')
    assert.isAtMost(rows.length, 2, 'at most the current and (at a minute boundary) the next slot')
    assert.include(['succeeded', 'skipped_already_ran'], cron[0].status)
  })

  test('a run left running past the timeout is taken over once; a fresh one is not', async ({ assert }) => {
    const task = countingTask()
    const now = new Date()
    const slot = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString()
    await db.table('scheduler_runs').insert({
      task: TASK,
      slot,
      status: 'running',
      started_at: format(DateTime.utc().minus({ minutes: 5 })),
      error: null,
    })
    const fresh = await new Scheduler([task], { staleAfterMs: 10 * 60_000 }).runDue(now)
    assert.equal(fresh[0].status, 'skipped_already_ran')
    assert.equal(task.runs, 0)

    const outcomes = await Promise.all([0, 1, 2].map(() => new Scheduler([task], { staleAfterMs: 60_000 }).runDue(now)))
    assert.equal(task.runs, 1)
    assert.equal(outcomes.flat().filter((o) => o.status === 'succeeded').length, 1)
    const row = await db.from('scheduler_runs').where('task', TASK).where('slot', slot).first()
    assert.equal(row.status, 'succeeded')
  })

  test('an earlier slot left running by a killed instance is run again once; a later run means nothing was lost', async ({
    assert,
  }) => {
    const now = new Date()
    // A task not due this minute (a weekly backstop, say): only the recovery can run it.
    const task = countingTask()
    task.schedule = () => `${(now.getUTCMinutes() + 30) % 60} * * * *`
    const crashed = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 2 * 3_600_000).toISOString()
    await db.table('scheduler_runs').insert({
      task: TASK,
      slot: crashed,
      status: 'running',
      started_at: format(DateTime.utc().minus({ hours: 2 })),
      error: null,
    })
    const outcomes = await Promise.all([0, 1, 2].map(() => new Scheduler([task]).runDue(now)))
    assert.equal(task.runs, 1, JSON.stringify(outcomes))
    assert.deepInclude(
      outcomes.flat().map((o) => [o.slot, o.status]),
      [crashed, 'succeeded']
    )
    const row = await db.from('scheduler_runs').where('task', TASK).where('slot', crashed).first()
    assert.equal(row.status, 'succeeded')

    // A crashed slot followed by a later run: that later run stands, nothing is run again.
    const older = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 3 * 3_600_000).toISOString()
    await db.table('scheduler_runs').insert({
      task: TASK,
      slot: older,
      status: 'running',
      started_at: format(DateTime.utc().minus({ hours: 3 })),
      error: null,
    })
    await new Scheduler([task]).runDue(now)
    assert.equal(task.runs, 1)
  })

  test('run rows older than the retention are pruned', async ({ assert }) => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString()
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString()
    for (const slot of [old, recent]) {
      await db
        .table('scheduler_runs')
        .insert({ task: TASK, slot, status: 'succeeded', started_at: format(DateTime.utc()), error: null })
    }
    assert.isAtLeast(await new Scheduler([]).prune(), 1)
    const slots = (await db.from('scheduler_runs').where('task', TASK).select('slot')).map((r) => r.slot)
    assert.deepEqual(slots, [recent])
  })

  test('scheduler:prune is due at minute 0 in every scheduler, once per slot', async ({ assert }) => {
    const prune = scheduledTasks.find((t) => t.name === 'scheduler:prune')!
    assert.exists(prune)
    const now = new Date()
    const minute = (m: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), m))
    const old = new Date(now.getTime() - 31 * 86_400_000).toISOString()
    await db
      .table('scheduler_runs')
      .insert({ task: TASK, slot: old, status: 'succeeded', started_at: format(DateTime.utc()), error: null })
    assert.equal((await new Scheduler([prune]).runDue(minute(17)))[0].status, 'skipped_not_due')
    assert.lengthOf(await db.from('scheduler_runs').where('task', TASK), 1)
    const slot = minute(0).toISOString()
    await db.from('scheduler_runs').where('task', prune.name).where('slot', slot).delete()
    try {
      assert.equal((await new Scheduler([prune]).runDue(minute(0)))[0].status, 'succeeded')
      assert.lengthOf(await db.from('scheduler_runs').where('task', TASK), 0)
    } finally {
      await db.from('scheduler_runs').where('task', prune.name).where('slot', slot).delete()
    }
  })
})
