import { sitemapBackstopTask } from '#services/sitemaps/backstop_task'

/**
 * What `node ace scheduler:run` (every minute from system cron) and `scheduler:work` run.
 * Each area adds its task here. `schedule()` returns a cron expression (UTC) or null when
 * the task is switched off.
 */
export type ScheduledTask = {
  name: string
  schedule: () => string | null
  run: () => Promise<unknown>
}

export const scheduledTasks: ScheduledTask[] = []

// Notes (issue 7): mail due note reminders, at most once each (claimed by a conditional UPDATE).
scheduledTasks.push({
  name: 'notes:reminders',
  schedule: () => '* * * * *',
  run: async () => {
    const { NoteRemindersService } = await import('#services/notes/note_reminders_service')
    return new NoteRemindersService().sendDue()
  },
})

// Sitemaps (issue 5): the in-process backstop regeneration on SITEMAP_CRON_SCHEDULE (UTC).
scheduledTasks.push(sitemapBackstopTask)

// Accounts (issue 23 item 8): session records that can never sign anyone in again, hourly.
scheduledTasks.push({
  name: 'accounts:prune-sessions',
  schedule: () => '17 * * * *',
  run: async () => {
    const { pruneSessions } = await import('#services/accounts/session_records')
    return { deleted: await pruneSessions() }
  },
})

// The scheduler's own housekeeping: run rows older than the retention, hourly, once across
// instances and cron like any task.
scheduledTasks.push({
  name: 'scheduler:prune',
  schedule: () => '0 * * * *',
  run: async () => {
    const { Scheduler } = await import('#services/scheduler/scheduler')
    return { deleted: await new Scheduler([]).prune() }
  },
})
