import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'
import { redisOptionsFromUrl, redisUrlFrom } from '#start/redis_settings'

/**
 * Redis (docs/rules/operations.md#instances): one connection, `main`, from REDIS_URL (QUEUE_REDIS_URL is the
 * older alias). It carries the limiter store `redis`, the lock store and the readiness check; the webhook queue
 * builds its connection from the same settings. Unset: nothing connects, and the database stores are used.
 * Connections open lazily, on first use.
 */
export const redisUrl = redisUrlFrom({ REDIS_URL: env.get('REDIS_URL'), QUEUE_REDIS_URL: env.get('QUEUE_REDIS_URL') })

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: redisOptionsFromUrl(redisUrl ?? 'redis://127.0.0.1:6379', { keyPrefix: 'studyhub:' }),
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
