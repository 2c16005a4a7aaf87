import env from '#start/env'
import { liveNumber } from '#config/live_env'

/**
 * CATALOG_PAGE_CACHE_TTL_MS (issue 19), read on every lookup so tests can switch it. Off by
 * default under NODE_ENV=test: test transactions roll back without model hooks, which would
 * leave rendered pages of rows that no longer exist (the cache's own tests turn it on).
 */
export const catalogConfig = {
  get pageCacheTtlMs() {
    return liveNumber('CATALOG_PAGE_CACHE_TTL_MS') ?? (env.get('NODE_ENV') === 'test' ? 0 : 10_000)
  },
}
