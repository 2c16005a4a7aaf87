import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { BillingWebhookReceiver } from '#services/billing/webhook_queue'

/**
 * POST /api/billing/payment/webhook: public, lean stack (no session, no CSRF), signature
 * verified on the raw body. 200 processed / duplicate / livemode mismatch / unknown type;
 * 400 bad signature; 500 when processing failed (the provider retries).
 * With REDIS_URL (QUEUE_REDIS_URL) set in BillingSettings: the row is stored and a job queued, 200 `queued`;
 * a queue worker processes it (docs/decisions/billing_queue.md).
 */
@inject()
export default class BillingWebhookController {
  constructor(private webhooks: BillingWebhookReceiver) {}

  async handle({ request }: HttpContext) {
    const outcome = await this.webhooks.receive(request.raw(), request.header('stripe-signature'))
    return { received: true, outcome }
  }
}
