/*
| The scheduled tasks (app/services/scheduler/tasks.ts), registered at boot like routes: each task
| imports its service lazily and lets the container build it.
*/
import app from '@adonisjs/core/services/app'
import { scheduledTasks } from '#services/scheduler/tasks'
import { sitemapCronSchedule } from '#services/sitemaps/backstop_task'
import { sitemapsConfig } from '#config/sitemaps'

// Notes (issue 7): mail due note reminders, at most once each (claimed by a conditional UPDATE).
scheduledTasks.push({
  name: 'notes:reminders',
  schedule: () => '* * * * *',
  run: async () => {
    const { NoteRemindersService } = await import('#services/notes/note_reminders_service')
    return (await app.container.make(NoteRemindersService)).sendDue()
  },
})

// Sitemaps (issue 5): the in-process backstop regeneration on SITEMAP_CRON_SCHEDULE (UTC).
scheduledTasks.push({
  name: 'sitemaps:regenerate',
  schedule: () => sitemapCronSchedule(sitemapsConfig.cronSchedule),
  run: async () => {
    const { SitemapRegenerationService } = await import('#services/sitemaps/regeneration_service')
    return (await app.container.make(SitemapRegenerationService)).regenerate({ trigger: 'scheduler' })
  },
})

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
