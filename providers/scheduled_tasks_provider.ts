import type { ApplicationService } from '@adonisjs/core/types'
import { scheduledTasks } from '#services/scheduler/tasks'
import { sitemapCronSchedule } from '#services/sitemaps/backstop_task'
import { sitemapsConfig } from '#config/sitemaps'

/**
 * The scheduled tasks (app/services/scheduler/tasks.ts), registered at boot like routes. Each task
 * imports its service lazily (nothing heavy loads at boot) and lets the container build it.
 */
export default class ScheduledTasksProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    const make = this.app.container.make.bind(this.app.container)
    scheduledTasks.push(
      // Notes: mail due note reminders, at most once each (claimed by a conditional UPDATE).
      {
        name: 'notes:reminders',
        schedule: () => '* * * * *',
        run: async () => {
          const { NoteRemindersService } = await import('#services/notes/note_reminders_service')
          return (await make(NoteRemindersService)).sendDue()
        },
      },
      // Sitemaps: the in-process backstop regeneration on SITEMAP_CRON_SCHEDULE (UTC).
      {
        name: 'sitemaps:regenerate',
        schedule: () => sitemapCronSchedule(sitemapsConfig.cronSchedule),
        run: async () => {
          const { SitemapRegenerationService } = await import('#services/sitemaps/regeneration_service')
          return (await make(SitemapRegenerationService)).regenerate({ trigger: 'scheduler' })
        },
      },
      // AI: documents whose embedding died with its instance (an expired lease left behind) are
      // queued again, every 5 minutes (docs/rules/operations.md#instances).
      {
        name: 'embeddings:resume',
        schedule: () => '*/5 * * * *',
        run: async () => {
          const { AiSettings } = await import('#services/ai/ai_settings')
          if (!(await make(AiSettings)).embeddingsEnabled) return { resumed: 0 }
          const { embeddingQueue } = await import('#services/ai/embeddings/embedding_queue')
          return { resumed: await embeddingQueue.resumeAbandoned() }
        },
      },
      // Billing: webhook events stored but never processed (a queued job lost with Redis, an
      // instance killed mid-request), every 10 minutes (docs/decisions/billing_queue.md).
      {
        name: 'billing:resume-webhooks',
        schedule: () => '*/10 * * * *',
        run: async () => {
          const { BillingWebhookService } = await import('#services/billing/webhook_service')
          return (await make(BillingWebhookService)).resumeStuck()
        },
      },
      // Accounts: session records that can never sign anyone in again, hourly.
      {
        name: 'accounts:prune-sessions',
        schedule: () => '17 * * * *',
        run: async () => {
          const { pruneSessions } = await import('#services/accounts/session_records')
          return { deleted: await pruneSessions() }
        },
      },
      // Accounts: sign-up attempts older than AUTH_SIGNUP_ATTEMPT_RETENTION_DAYS, hourly.
      {
        name: 'accounts:prune-signup-attempts',
        schedule: () => '23 * * * *',
        run: async () => {
          const { pruneSignupAttempts } = await import('#services/accounts/signup_service')
          const { SignupSettings } = await import('#services/accounts/signup_settings')
          const settings = await make(SignupSettings)
          return { deleted: await pruneSignupAttempts(settings.signupAttemptRetentionDays) }
        },
      },
      // The scheduler's own housekeeping: run rows older than the retention, hourly, once across
      // instances and cron like any task.
      {
        name: 'scheduler:prune',
        schedule: () => '0 * * * *',
        run: async () => {
          const { Scheduler } = await import('#services/scheduler/scheduler')
          return { deleted: await new Scheduler([]).prune() }
        },
      }
    )
  }
}
