import { sitemapsConfig } from '#config/sitemaps'
import { settingsFrom } from '#services/settings'

/** config/sitemaps.ts as read at boot (the cron and regenerate secrets, the backend); tests swap it. */
export class SitemapSettings extends settingsFrom(sitemapsConfig) {}
