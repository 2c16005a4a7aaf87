import { flagsConfig } from '#config/flags'
import { settingsFrom } from '#services/settings'

/** config/flags.ts as read at boot, given to a FeatureFlags instance. */
export class FlagsSettings extends settingsFrom(flagsConfig) {}
