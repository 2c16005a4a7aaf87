import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Scheduler, isDue } from '#services/scheduler/scheduler'
import { scheduledTasks, type ScheduledTask } from '#services/scheduler/tasks'
import { sitemapCronSchedule } from '#services/sitemaps/backstop_task'

test.group('Sitemaps / scheduler (SPEC B rule 6, CONTRACT 9 and 12)', (group) => {
  // Concurrency test: commits for real and removes its rows.
  group.each.teardown(async () => {
    await db.from('scheduler_runs').where('task', 'like', 'test:%').delete()
  })

  test('two schedulers in the same minute run a due task exactly once', async ({ assert }) => {
    let runs = 0
    const task: ScheduledTask = {
      name: 'test:once',
      schedule: () => '*/5 * * * *',
      run: async () => {
        runs++
        await new Promise((r) => setTimeout(r, 50))
        return 'done'
      },
    }
    const now = new Date('2031-03-02T10:15:30Z')
    const [a, b] = await Promise.all([
      new Scheduler([task]).runDue(now),
      new Scheduler([task]).runDue(new Date('2031-03-02T10:15:59Z')),
    ])
    assert.equal(runs, 1)
    assert.sameMembers([a[0].status, b[0].status], ['succeeded', 'skipped_already_ran'])
    const again = await new Scheduler([task]).runDue(now)
    assert.equal(again[0].status, 'skipped_already_ran')
    assert.equal(runs, 1)
    const rows = await db.from('scheduler_runs').where('task', 'test:once')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].status, 'succeeded')
    assert.equal(rows[0].slot, '2031-03-02T10:15:00.000Z')

    const notDue = await new Scheduler([task]).runDue(new Date('2031-03-02T10:16:00Z'))
    assert.equal(notDue[0].status, 'skipped_not_due')
  })

  test('a failing task is recorded as failed and does not stop the others', async ({ assert }) => {
    let ok = 0
    const tasks: ScheduledTask[] = [
      { name: 'test:fails', schedule: () => '* * * * *', run: async () => Promise.reject(new Error('nope')) },
      { name: 'test:off', schedule: () => null, run: async () => ok++ },
      { name: 'test:ok', schedule: () => '* * * * *', run: async () => ok++ },
    ]
    const outcomes = await new Scheduler(tasks).runDue(new Date('2031-03-02T11:00:00Z'))
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['failed', 'disabled', 'succeeded']
    )
    assert.equal(ok, 1)
    const failed = await db.from('scheduler_runs').where('task', 'test:fails').first()
    assert.equal(failed.status, 'failed')
    assert.equal(failed.error, 'nope')
  })

  test('cron expressions are evaluated in UTC', ({ assert }) => {
    // 2031-03-02 is a Sunday.
    assert.isTrue(isDue('0 4 * * 0', new Date('2031-03-02T04:00:00Z')))
    assert.isTrue(isDue('0 4 * * 0', new Date('2031-03-02T04:00:42Z')))
    assert.isFalse(isDue('0 4 * * 0', new Date('2031-03-02T04:01:00Z')))
    assert.isFalse(isDue('0 4 * * 0', new Date('2031-03-03T04:00:00Z')))
    assert.isTrue(isDue('0 3 * * 0', new Date('2031-03-02T03:00:00Z')))
  })

  test('the sitemap backstop is registered on SITEMAP_CRON_SCHEDULE (default 0 4 * * 0, "disabled" turns it off)', ({
    assert,
  }) => {
    const task = scheduledTasks.find((t) => t.name === 'sitemaps:regenerate')
    assert.exists(task)
    // The test run leaves SITEMAP_CRON_SCHEDULE unset.
    assert.equal(task!.schedule(), '0 4 * * 0')
    assert.equal(sitemapCronSchedule(''), '0 4 * * 0')
    assert.isNull(sitemapCronSchedule('disabled'))
    assert.isNull(sitemapCronSchedule(' Disabled '))
    assert.equal(sitemapCronSchedule('30 2 * * *'), '30 2 * * *')
  })
})
