/*
| The in-process backstop regeneration (docs/rules/crawler.md#regeneration): SITEMAP_CRON_SCHEDULE, default
| `0 4 * * 0` (Sundays 04:00 UTC); the value `disabled` turns it off. The task itself is registered in
| start/scheduler.ts.
*/
import env from '#start/env'

export const DEFAULT_SITEMAP_CRON_SCHEDULE = '0 4 * * 0'

export function sitemapCronSchedule(): string | null {
  const value = (env.get('SITEMAP_CRON_SCHEDULE') || DEFAULT_SITEMAP_CRON_SCHEDULE).trim()
  if (!value || value.toLowerCase() === 'disabled') return null
  return value
}
