/*
| Runs the scheduled tasks of tasks.ts (docs/rules/operations.md#commands). Schedules are cron expressions in
| UTC, parsed by cron-parser. A task runs at most once per matching minute, however many
| schedulers run (system cron's `scheduler:run` every minute on several hosts, a long-running
| `scheduler:work`): each run first inserts its (task, slot) row in scheduler_runs, and the
| unique index lets exactly one insert win. A row left `running` past the stale timeout (a
| crashed process) is taken over by one conditional UPDATE, so again exactly one scheduler
| wins: the current slot's, and a task's latest earlier slot, so an instance killed mid-run
| loses no run (the next slot of a weekly task is a week away). Rows older than the retention
| are pruned.
*/
import logger from '@adonisjs/core/services/logger'
import { CronExpressionParser } from 'cron-parser'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import SchedulerRun from '#models/scheduler_run'
import { scheduledTasks, type ScheduledTask } from '#services/scheduler/tasks'
import { isUniqueViolation } from '#services/database/unique_violation'
import schedulerConfig from '#config/scheduler'

export type TaskOutcome = {
  task: string
  slot: string
  status: 'succeeded' | 'failed' | 'skipped_not_due' | 'skipped_already_ran' | 'disabled'
  error?: string
  result?: unknown
}

/** The UTC minute a date falls in. */
export function minuteSlot(date: Date): Date {
  const d = new Date(date.getTime())
  d.setUTCSeconds(0, 0)
  return d
}

/** Whether a cron expression (UTC) matches the given minute. */
export function isDue(expression: string, minute: Date): boolean {
  const slot = minuteSlot(minute)
  const interval = CronExpressionParser.parse(expression, { currentDate: new Date(slot.getTime() - 1000), tz: 'UTC' })
  return interval.next().getTime() === slot.getTime()
}

export type SchedulerOptions = { staleAfterMs?: number; keepDays?: number }

export class Scheduler {
  protected staleAfterMs: number
  protected keepDays: number

  constructor(
    protected tasks: ScheduledTask[] = scheduledTasks,
    options: SchedulerOptions = {}
  ) {
    this.staleAfterMs = options.staleAfterMs ?? schedulerConfig.staleAfterMs
    this.keepDays = options.keepDays ?? schedulerConfig.keepDays
  }

  /** Deletes run rows older than the retention; returns how many went. */
  async prune(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.keepDays * 86_400_000).toISOString()
    const deleted = await SchedulerRun.query().where('slot', '<', cutoff).delete()
    return Array.isArray(deleted) ? Number(deleted[0] ?? 0) : Number(deleted)
  }

  /** Runs every task due in the minute of `now`; each at most once per slot. */
  async runDue(now: Date = new Date()): Promise<TaskOutcome[]> {
    const slotDate = minuteSlot(now)
    const slot = slotDate.toISOString()
    const outcomes: TaskOutcome[] = []
    for (const task of this.tasks) {
      let expression: string | null
      try {
        expression = task.schedule()
      } catch (error) {
        outcomes.push({
          task: task.name,
          slot,
          status: 'failed',
          error: `invalid schedule: ${(error as Error).message}`,
        })
        continue
      }
      if (!expression) {
        outcomes.push({ task: task.name, slot, status: 'disabled' })
        continue
      }
      let due: boolean
      try {
        due = isDue(expression, slotDate)
      } catch (error) {
        logger.error({ task: task.name, expression }, 'scheduler: invalid cron expression')
        outcomes.push({ task: task.name, slot, status: 'failed', error: `invalid cron expression "${expression}"` })
        continue
      }
      const recovered = await this.#recoverStale(task, slot)
      if (recovered) outcomes.push(recovered)
      if (!due) {
        outcomes.push({ task: task.name, slot, status: 'skipped_not_due' })
        continue
      }
      outcomes.push(await this.#runOnce(task, slot))
    }
    return outcomes
  }

  /**
   * The task's latest run before `slot` is still `running` past the stale timeout: its scheduler
   * died mid-run (an instance killed). Taken over by one scheduler and run again for its slot; a
   * later run of the task (succeeded, failed or running) means nothing was lost.
   */
  async #recoverStale(task: ScheduledTask, slot: string): Promise<TaskOutcome | null> {
    const latest = await db
      .from('scheduler_runs')
      .where('task', task.name)
      .where('slot', '<', slot)
      .orderBy('slot', 'desc')
      .select('slot', 'status')
      .first()
    if (!latest || latest.status !== 'running') return null
    const run = await this.#takeOverStale(task, latest.slot)
    return run ? this.#execute(task, latest.slot, run) : null
  }

  async #runOnce(task: ScheduledTask, slot: string): Promise<TaskOutcome> {
    let run: SchedulerRun | null
    try {
      run = await SchedulerRun.create({
        task: task.name,
        slot,
        status: 'running',
        error: null,
        startedAt: DateTime.utc(),
        finishedAt: null,
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      run = await this.#takeOverStale(task, slot)
      if (!run) return { task: task.name, slot, status: 'skipped_already_ran' }
    }
    return this.#execute(task, slot, run)
  }

  async #execute(task: ScheduledTask, slot: string, run: SchedulerRun): Promise<TaskOutcome> {
    logger.info({ task: task.name, slot }, 'scheduler: running task')
    try {
      const result = await task.run()
      run.merge({ status: 'succeeded', finishedAt: DateTime.utc() })
      await run.save()
      return { task: task.name, slot, status: 'succeeded', result }
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      logger.error({ err: error, task: task.name, slot }, 'scheduler: task failed')
      run.merge({ status: 'failed', finishedAt: DateTime.utc(), error: message.slice(0, 2000) })
      await run.save()
      return { task: task.name, slot, status: 'failed', error: message }
    }
  }

  /**
   * The slot's row exists. When it is still `running` but started before the stale timeout,
   * its scheduler died: claim it with a conditional UPDATE on the exact start time we read, so
   * of several schedulers exactly one takes it over.
   */
  async #takeOverStale(task: ScheduledTask, slot: string): Promise<SchedulerRun | null> {
    // Raw row: started_at compared exactly as stored, whatever the dialect's format.
    const row = await db
      .from('scheduler_runs')
      .where('task', task.name)
      .where('slot', slot)
      .select('id', 'status', 'started_at')
      .first()
    if (!row || row.status !== 'running') return null
    const startedAt =
      row.started_at instanceof Date
        ? row.started_at
        : new Date(
            String(row.started_at).replace(' ', 'T') + (/[zZ]|[+-]\d\d:?\d\d$/.test(String(row.started_at)) ? '' : 'Z')
          )
    if (Date.now() - startedAt.getTime() < this.staleAfterMs) return null
    const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
    const updated = await db
      .from('scheduler_runs')
      .where('id', row.id)
      .where('status', 'running')
      .where('started_at', row.started_at)
      .update({ started_at: now, error: 'taken over after a stale run' })
    const count = Array.isArray(updated) ? Number(updated[0] ?? 0) : Number(updated)
    if (count !== 1) return null
    logger.warn({ task: task.name, slot }, 'scheduler: took over a run left running past the timeout')
    return SchedulerRun.findOrFail(row.id)
  }
}
