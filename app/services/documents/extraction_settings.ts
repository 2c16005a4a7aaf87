import extractionConfig from '#config/extraction'
import { settingsFrom } from '#services/settings'

/** config/extraction.ts as read at boot (worker pool, time limits, caps per file); tests swap it. */
export class ExtractionSettings extends settingsFrom(extractionConfig) {}
