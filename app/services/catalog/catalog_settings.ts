import { catalogConfig } from '#config/catalog'
import { settingsFrom } from '#services/settings'

/** config/catalog.ts as read at boot (the anonymous page cache's TTL); tests swap it. */
export class CatalogSettings extends settingsFrom(catalogConfig) {}
