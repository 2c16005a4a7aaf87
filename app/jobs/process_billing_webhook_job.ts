import { inject } from '@adonisjs/core'
import { Job, exponentialBackoff } from '@boringnode/queue'
import type { JobOptions } from '@boringnode/queue/types'
import { BillingWebhookService } from '#services/billing/webhook_service'

export type ProcessBillingWebhookPayload = { event_id: string }

/**
 * Processes one stored provider event (queued by the webhook controller when QUEUE_REDIS_URL is
 * set). The payload carries only the event id; the row holds the event. Same handler path as the
 * synchronous mode: effects + `processed` mark in one transaction; on an error the row becomes
 * `failed` and the job is retried with backoff. The queue builds jobs through the container
 * (the job factory of @adonisjs/queue's provider, kept by webhook_queue.ts), which injects the webhook service.
 */
@inject()
export default class ProcessBillingWebhookJob extends Job<ProcessBillingWebhookPayload> {
  static options: JobOptions = {
    name: 'ProcessBillingWebhook',
    queue: 'default', // so a bare `node ace queue:work` picks it up
    maxRetries: 6,
    retry: {
      backoff: exponentialBackoff({ baseDelay: '1s', maxDelay: '5m', multiplier: 3, jitter: false }),
    },
    timeout: '2m',
    removeOnComplete: true,
    removeOnFail: true,
  }

  constructor(private webhooks: BillingWebhookService) {
    super()
  }

  async execute(): Promise<void> {
    await this.webhooks.processStored(this.payload.event_id)
  }
}
