/*
| The in-process backstop regeneration (docs/rules/crawler.md#regeneration): SITEMAP_CRON_SCHEDULE, default
| `0 4 * * 0` (Sundays 04:00 UTC); the value `disabled` turns it off. The task itself is registered in
| providers/scheduled_tasks_provider.ts.
*/

export const DEFAULT_SITEMAP_CRON_SCHEDULE = '0 4 * * 0'

/** The backstop's cron expression for a SITEMAP_CRON_SCHEDULE value (null: disabled). */
export function sitemapCronSchedule(setting: string | undefined): string | null {
  const value = (setting || DEFAULT_SITEMAP_CRON_SCHEDULE).trim()
  if (!value || value.toLowerCase() === 'disabled') return null
  return value
}
