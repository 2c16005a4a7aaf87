import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/queue'
import { webhookQueueAdapter } from '#start/queue_adapter'

/**
 * Job queue (@adonisjs/queue on @boringnode/queue). Only billing webhooks use it, and only when
 * `REDIS_URL` (or `QUEUE_REDIS_URL`) is set: the Redis adapter is created lazily on first use from the
 * boot-time setting (see docs/decisions/billing_queue.md), so nothing connects at boot
 * and the app runs without Redis when the variable is unset.
 */
export default defineConfig({
  default: 'redis',
  adapters: {
    redis: () => webhookQueueAdapter(),
  },
  worker: {
    concurrency: 5,
    idleDelay: '1s',
    // A job whose instance died (issue 16) is picked up by another worker after 15 s.
    // Processing is idempotent (a processed row is skipped), so a slow job run twice is harmless.
    stalledInterval: '5s',
    stalledThreshold: '15s',
  },
  // Absolute, from the app root: sources in development/tests, build/app/jobs/*.js in production
  // (npm start runs build/bin/server.js from the repository root).
  locations: [app.makePath('app/jobs/**/*.{ts,js}')],
})
