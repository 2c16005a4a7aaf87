import { Locator, QueueManager, Worker } from '@boringnode/queue'
import type { QueueManagerConfig, WorkerConfig } from '@boringnode/queue/types'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { billingConfig } from '#config/billing'
import { WebhookRetryError } from '#exceptions/billing_errors'
import { BillingWebhookService, type WebhookOutcome } from '#services/billing/webhook_service'
import { webhookQueueAdapter } from '#start/queue_adapter'
import { BillingSettings } from '#services/billing/billing_settings'
import ProcessBillingWebhookJob from '#jobs/process_billing_webhook_job'

/**
 * Thin seam between billing webhooks and the job queue (@adonisjs/queue on @boringnode/queue,
 * Redis adapter). docs/decisions/billing_queue.md explains the choice.
 *
 * - `webhookQueueEnabled(settings)`: REDIS_URL (QUEUE_REDIS_URL) of the BillingSettings; unset →
 *   synchronous path.
 * - `BillingWebhookReceiver.receive()` takes the synchronous path without a queue; with one it
 *   verifies, guards livemode, persists the row (status received, event_id unique)
 *   and enqueues a job carrying only the event id, deduplicated by event id while it is queued.
 * - The worker (`node ace queue:work`, or `startWebhookWorker()` in-process) runs
 *   `BillingWebhookService.processStored(id)`: the same `process` as the synchronous path.
 */
export const WEBHOOK_JOB_NAME = 'ProcessBillingWebhook'
export const WEBHOOK_QUEUE = 'default'

export type QueuedWebhookOutcome = WebhookOutcome | 'queued'

export function webhookQueueEnabled(settings: Pick<BillingSettings, 'queueRedisUrl'>) {
  return settings.queueRedisUrl !== null
}

/** The URL the queue manager was last initialised for (null: not by us yet). */
let managerUrl: string | null = null
/**
 * The job factory of @adonisjs/queue's provider (it builds each job through the container, so a
 * job's constructor is injected), kept when we re-initialise the manager for another Redis URL.
 */
let jobFactory: QueueManagerConfig['jobFactory']

function managerConfig(url: string | null, worker: WorkerConfig = {}): QueueManagerConfig {
  const config = app.config.get<Partial<QueueManagerConfig>>('queue', {})
  return {
    ...config,
    default: 'redis',
    adapters: { redis: () => webhookQueueAdapter(url) },
    autoLoadJobs: false,
    locations: [],
    logger: logger as any,
    jobFactory,
    worker: { ...config.worker, ...worker },
  }
}

/**
 * (Re)initialises the shared queue manager when the Redis URL changed since the last use. Without a URL: the
 * one the manager was last initialised for, else the boot setting.
 */
async function ensureManager(url: string | null = managerUrl ?? billingConfig.queueRedisUrl) {
  if (!url) throw new Error('REDIS_URL is not set')
  Locator.register(WEBHOOK_JOB_NAME, ProcessBillingWebhookJob as any)
  if (!QueueManager.isInitialized() || managerUrl !== url) {
    if (QueueManager.isInitialized()) jobFactory ??= QueueManager.getJobFactory()
    // Without it the job would be built with `new` and miss its injected service on every run.
    if (!jobFactory) throw new Error('the queue provider (@adonisjs/queue) has not initialised the job queue')
    await QueueManager.init(managerConfig(url))
    managerUrl = url
  }
}

/** Enqueues one stored event; 'skipped' when a job for that event is already queued or running. */
export async function enqueueWebhookEvent(eventId: string, url?: string | null): Promise<'queued' | 'skipped'> {
  await ensureManager(url)
  const result = await ProcessBillingWebhookJob.dispatch({ event_id: eventId }).dedup({ id: eventId }).run()
  return result.deduped === 'skipped' ? 'skipped' : 'queued'
}

/** Jobs waiting in the webhook queue (tests and diagnostics). */
export async function queuedWebhookJobs(): Promise<number> {
  await ensureManager()
  return QueueManager.use().sizeOf(WEBHOOK_QUEUE)
}

/** POST /api/billing/payment/webhook: processed in the request, or queued when a queue is configured. */
@inject()
export class BillingWebhookReceiver {
  constructor(
    private webhooks: BillingWebhookService,
    private settings: BillingSettings
  ) {}

  async receive(rawBody: string | null, signature: string | undefined): Promise<QueuedWebhookOutcome> {
    if (!webhookQueueEnabled(this.settings)) return this.webhooks.receive(rawBody, signature)
    return this.enqueue(rawBody, signature)
  }

  /** Queue mode: answer 200 once the job is queued. */
  private async enqueue(rawBody: string | null, signature: string | undefined): Promise<QueuedWebhookOutcome> {
    const event = await this.webhooks.accept(rawBody, signature)
    if (!event) return 'livemode_mismatch'
    const row = await this.webhooks.persist(event)
    if (row.status === 'processed') return 'duplicate'
    let queued: 'queued' | 'skipped'
    try {
      queued = await enqueueWebhookEvent(event.id, this.settings.queueRedisUrl)
    } catch (error) {
      // The row stays received/failed; the 500 makes the provider retry the delivery.
      logger.error({ err: error, event_id: event.id }, 'billing webhook could not be queued')
      throw new WebhookRetryError('The event could not be queued. It will be retried.')
    }
    return queued === 'skipped' ? 'duplicate' : 'queued'
  }
}

export type WebhookWorkerHandle = { stop(): Promise<void> }

/**
 * Starts a worker in this process (tests; `node ace queue:work` is the production entry).
 * `stop()` waits for running jobs and for the polling loop to end.
 */
export async function startWebhookWorker(options: WorkerConfig = {}): Promise<WebhookWorkerHandle> {
  await ensureManager()
  const worker = new Worker(managerConfig(managerUrl, { gracefulShutdown: false, ...options }))
  const loop = worker.start([WEBHOOK_QUEUE]).catch((error) => {
    logger.error({ err: error }, 'billing webhook worker stopped on an error')
  })
  return {
    async stop() {
      await worker.stop()
      await loop
    },
  }
}
