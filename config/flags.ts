import env from '#start/env'

/**
 * Feature flags (docs/rules/flags.md#evaluation): the cache TTL, and the environment flags are matched against.
 * Read once at boot (FlagsSettings).
 */
export const flagsConfig = {
  /** FEATURE_FLAG_CACHE_TTL_MS, default 60000. */
  cacheTtlMs: env.get('FEATURE_FLAG_CACHE_TTL_MS') ?? 60_000,
  environment: env.get('NODE_ENV') || 'development',
  /** The cross-instance version probe runs at most once a second, and on every read in tests. */
  versionProbeIntervalMs: env.get('NODE_ENV') === 'test' ? 0 : 1000,
}
