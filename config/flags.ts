import env from '#start/env'
import { liveNumber } from '#config/live_env'

/**
 * Feature flags (docs/rules/flags.md#evaluation): the cache TTL, and the environment flags are matched against.
 */
export const flagsConfig = {
  /** FEATURE_FLAG_CACHE_TTL_MS, default 60000; read when used. */
  get cacheTtlMs() {
    return liveNumber('FEATURE_FLAG_CACHE_TTL_MS') ?? 60_000
  },
  get environment(): string {
    return env.get('NODE_ENV') || 'development'
  },
  /** The cross-instance version probe runs at most once a second, and on every read in tests. */
  get versionProbeIntervalMs() {
    return env.get('NODE_ENV') === 'test' ? 0 : 1000
  },
}
