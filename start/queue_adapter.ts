import { Redis } from 'ioredis'
import { setTimeout as sleep } from 'node:timers/promises'
import { RedisAdapter } from '@boringnode/queue/drivers/redis_adapter'
import { redisOptionsFromUrl } from '#start/redis_settings'
import { billingConfig } from '#config/billing'

/**
 * Adapter factory for config/queue.ts (REDIS_URL, QUEUE_REDIS_URL the older alias; the connection options are
 * the app's one Redis configuration). Called lazily by the queue manager on first use, so no
 * connection is opened at boot. Bounded retries: a Redis outage makes a dispatch fail fast
 * (the webhook answers 500 and the provider retries) instead of hanging the request.
 */
export function webhookQueueAdapter(url: string | null = billingConfig.queueRedisUrl) {
  if (!url) throw new Error('REDIS_URL is not set')
  const connection = new Redis(
    redisOptionsFromUrl(url, { keyPrefix: 'studyhub::queue::', connectTimeout: 5000, maxRetriesPerRequest: 2 })
  )
  connection.on('error', () => {}) // errors surface on the commands; avoid unhandled 'error' events
  return new WebhookRedisAdapter(connection)
}

/**
 * The library's adapter with a shutdown that never hangs: `quit()` on a connection that never
 * reached Redis would wait forever in the offline queue, so it is bounded, then disconnected.
 */
class WebhookRedisAdapter extends RedisAdapter {
  #connection: Redis

  constructor(connection: Redis) {
    super(connection, false)
    this.#connection = connection
  }

  async destroy() {
    await super.destroy()
    const connection = this.#connection
    if (connection.status === 'ready') {
      await Promise.race([connection.quit().catch(() => {}), sleep(1000)])
    }
    connection.disconnect()
  }
}
