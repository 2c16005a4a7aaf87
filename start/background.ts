/*
| Background work of the web server (docs/rules/operations.md#settings): the boot warnings of storage that is
| not configured, the scheduler loop unless SCHEDULER_IN_PROCESS=false (system cron runs `node ace
| scheduler:run` instead; both together still run each slot once), and the webhook queue worker when webhooks
| are queued. Preloaded in the web environment only, so the test runner's server and ace commands never start
| it.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { storage } from '#config/drive'
import schedulerConfig from '#config/scheduler'
import env from '#start/env'
import { billingConfig } from '#config/billing'

for (const warning of storage.warnings) logger.warn(warning)

if (schedulerConfig.inProcess) {
  const { startSchedulerLoop } = await import('#services/scheduler/loop')
  app.ready(() => {
    const loop = startSchedulerLoop()
    app.terminating(() => loop.stop())
    logger.info('scheduler loop started in-process (SCHEDULER_IN_PROCESS)')
  })
}

// With REDIS_URL, Stripe webhooks are queued: process them here too unless
// QUEUE_WORKER_IN_PROCESS=false (then run `node ace queue:work`). Stalled jobs of a crashed
// instance are picked up again by the others.
const { webhookQueueEnabled, startWebhookWorker } = await import('#services/billing/webhook_queue')
if (webhookQueueEnabled(billingConfig) && env.get('QUEUE_WORKER_IN_PROCESS') !== false) {
  app.ready(async () => {
    const worker = await startWebhookWorker({ gracefulShutdown: true } as any)
    app.terminating(() => worker.stop())
    logger.info('webhook queue worker started in-process (QUEUE_WORKER_IN_PROCESS)')
  })
}
