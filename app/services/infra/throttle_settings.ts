import { throttleConfig } from '#config/limiter'
import { settingsFrom } from '#services/settings'

/** The throttles' budgets (config/limiter.ts) as read at boot; tests swap them. */
export class ThrottleSettings extends settingsFrom(throttleConfig) {}
