/*
| Runs the scheduled tasks of tasks.ts (CONTRACT 9 and 12). Schedules are cron expressions in
| UTC, parsed by cron-parser. A task runs at most once per matching minute, however many
| schedulers run (system cron's `scheduler:run` every minute on several hosts, a long-running
| `scheduler:work`): each run first inserts its (task, slot) row in scheduler_runs, and the
| unique index lets exactly one insert win.
*/
import logger from '@adonisjs/core/services/logger'
import { CronExpressionParser } from 'cron-parser'
import { DateTime } from 'luxon'
import SchedulerRun from '#models/scheduler_run'
import { scheduledTasks, type ScheduledTask } from '#services/scheduler/tasks'
import { isUniqueViolation } from '#services/database/unique_violation'

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


export class Scheduler {
  constructor(protected tasks: ScheduledTask[] = scheduledTasks) {}

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
        outcomes.push({ task: task.name, slot, status: 'failed', error: `invalid schedule: ${(error as Error).message}` })
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
      if (!due) {
        outcomes.push({ task: task.name, slot, status: 'skipped_not_due' })
        continue
      }
      outcomes.push(await this.#runOnce(task, slot))
    }
    return outcomes
  }

  async #runOnce(task: ScheduledTask, slot: string): Promise<TaskOutcome> {
    let run: SchedulerRun
    try {
      run = await SchedulerRun.create({ task: task.name, slot, status: 'running', error: null, startedAt: DateTime.utc(), finishedAt: null })
    } catch (error) {
      if (isUniqueViolation(error)) return { task: task.name, slot, status: 'skipped_already_ran' }
      throw error
    }
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
}
