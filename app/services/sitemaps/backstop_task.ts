/*
| The in-process backstop regeneration (docs/rules/crawler.md#regeneration): SITEMAP_CRON_SCHEDULE, default
| `0 4 * * 0` (Sundays 04:00 UTC); the value `disabled` turns it off.
*/
import env from '#start/env'
import type { ScheduledTask } from '#services/scheduler/tasks'

export const DEFAULT_SITEMAP_CRON_SCHEDULE = '0 4 * * 0'

export function sitemapCronSchedule(): string | null {
  const value = (env.get('SITEMAP_CRON_SCHEDULE') || DEFAULT_SITEMAP_CRON_SCHEDULE).trim()
  if (!value || value.toLowerCase() === 'disabled') return null
  return value
}

export const sitemapBackstopTask: ScheduledTask = {
  name: 'sitemaps:regenerate',
  schedule: sitemapCronSchedule,
  run: async () => {
    const { default: app } = await import('@adonisjs/core/services/app')
    const { SitemapRegenerationService } = await import('#services/sitemaps/regeneration_service')
    const service = await app.container.make(SitemapRegenerationService)
    return service.regenerate({ trigger: 'scheduler' })
  },
}
