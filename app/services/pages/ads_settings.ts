import { adsConfig } from '#config/ads'
import { settingsFrom } from '#services/settings'

/** config/ads.ts as read at boot, injected into ads.txt and the shared page props (tests swap it). */
export class AdsSettings extends settingsFrom(adsConfig) {}
