import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/limiter'
import { redisUrl } from '#config/redis'

/**
 * Limiter stores (docs/rules/operations.md#settings). Default: `redis` when REDIS_URL is set (counters shared
 * by every instance), else `database` (the `rate_limits` table; shared when the database is). `memory` counts
 * per process and is refused in production, as is `redis` without REDIS_URL.
 */
const store = env.get('LIMITER_STORE') || (redisUrl ? 'redis' : 'database')
/** The limiter store every throttle counts in (start/limiter.ts checks its connection). */
export const limiterStoreName = store
if (store === 'memory' && app.inProduction) {
  throw new Error(
    'LIMITER_STORE=memory counts per process and is refused when NODE_ENV=production; use redis or database'
  )
}
if (store === 'redis' && !redisUrl) {
  throw new Error('LIMITER_STORE=redis needs REDIS_URL')
}

const limiterConfig = defineConfig({
  default: store,
  stores: {
    database: stores.database({ tableName: 'rate_limits' }),
    memory: stores.memory({}),
    // Registered only with REDIS_URL: the manager resolves every store it lists.
    ...((redisUrl ? { redis: stores.redis({ connectionName: 'main' }) } : {}) as {
      redis: ReturnType<typeof stores.redis>
    }),
  },
})

export default limiterConfig

export const UPLOADS_PER_HOUR_DEFAULT = 30

/** The throttles' budgets, read once at boot; the middleware take them as ThrottleSettings. */
export const throttleConfig = {
  /** docs/rules/accounts.md#throttle: requests per minute per IP across /api/auth/*. */
  authPerMinute: env.get('AUTH_THROTTLE_PER_MINUTE') ?? 100,
  /** Searches per minute per IP (issue 26 review). */
  searchPerMinute: env.get('SEARCH_THROTTLE_PER_MINUTE') ?? 120,
  /**
   * Upload attempts per user per hour (issue 23.4, docs/rules/operations.md#settings), failed ones included.
   * Each attempt may read 25 MB and run extraction, so the default leaves room for a student filling a course
   * in one sitting and little for a script.
   */
  uploadsPerHour: env.get('UPLOADS_PER_HOUR') ?? UPLOADS_PER_HOUR_DEFAULT,
}

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
