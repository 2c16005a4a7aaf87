import type { RedisOptions } from 'ioredis'

/**
 * The one Redis connection configuration (REDIS_URL), shared by config/redis.ts (limiter and
 * lock stores, readiness) and the webhook queue's own connection. `QUEUE_REDIS_URL`, the older
 * name, is an alias read when REDIS_URL is unset.
 */
export function redisUrlFrom(source: Record<string, string | undefined>): string | null {
  const value = (source.REDIS_URL || source.QUEUE_REDIS_URL || '').trim()
  return value ? value : null
}

/**
 * ioredis options for a redis:// or rediss:// URL. Bounded waits everywhere: while Redis is
 * down a command fails within about two seconds (the limiter then fails closed, the webhook
 * answers 500), and the client keeps reconnecting in the background so recovery needs no restart.
 */
export function redisOptionsFromUrl(url: string, extra: Partial<RedisOptions> = {}): RedisOptions {
  const parsed = new URL(url)
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got ${parsed.protocol})`)
  }
  const db = Number(parsed.pathname.replace(/^\//, '') || 0)
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
    ...extra,
  }
}
