import { defineConfig, stores } from '@adonisjs/lock'
import { redisUrl } from '#config/redis'

/**
 * Lock stores (docs/rules/operations.md#instances): Redis when REDIS_URL is set, else the `locks` table. Both
 * are shared by every instance. `memory` (one process only) exists for unit tests and is never the default.
 */
const lockConfig = defineConfig({
  default: redisUrl ? 'redis' : 'database',
  stores: {
    database: stores.database({ tableName: 'locks' }),
    // Registered only with REDIS_URL: the manager resolves every store it lists.
    ...((redisUrl ? { redis: stores.redis({ connectionName: 'main' }) } : {}) as {
      redis: ReturnType<typeof stores.redis>
    }),
    memory: stores.memory(),
  },
})

export default lockConfig

declare module '@adonisjs/lock/types' {
  export interface LockStoresList extends InferLockStores<typeof lockConfig> {}
}
