import env from '#start/env'

/**
 * CATALOG_PAGE_CACHE_TTL_MS (issue 19), read once at boot (CatalogSettings). Off by default under
 * NODE_ENV=test: test transactions roll back without model hooks, which would leave rendered pages of rows
 * that no longer exist (the cache's own tests swap it on).
 */
export const catalogConfig = {
  pageCacheTtlMs: env.get('CATALOG_PAGE_CACHE_TTL_MS') ?? (env.get('NODE_ENV') === 'test' ? 0 : 10_000),
}
