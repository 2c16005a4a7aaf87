import env from '#start/env'

/**
 * The sitemap routes' secrets and the cron forwarder's backend (docs/rules/crawler.md#cron), read once at boot
 * (SitemapSettings). BACKEND_URL unset: `{APP_URL}/api`.
 */
export const sitemapsConfig = {
  cronSecret: env.get('CRON_SECRET') || '',
  regenerateSecret: env.get('SITEMAP_REGENERATE_SECRET') || '',
  backendUrl: env.get('BACKEND_URL') || '',
  /** SITEMAP_CRON_SCHEDULE as written (app/services/sitemaps/backstop_task.ts reads it). */
  cronSchedule: env.get('SITEMAP_CRON_SCHEDULE') || '',
}
