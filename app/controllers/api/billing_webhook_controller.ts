import type { HttpContext } from '@adonisjs/core/http'
import { billingWebhooks } from '#services/billing/webhook_service'

/**
 * POST /api/billing/payment/webhook: public, lean stack (no session, no CSRF), signature
 * verified on the raw body. 200 processed / duplicate / livemode mismatch / unknown type;
 * 400 bad signature; 500 when processing failed (the provider retries).
 */
export default class BillingWebhookController {
  async handle({ request }: HttpContext) {
    const outcome = await billingWebhooks.receive(request.raw(), request.header('stripe-signature'))
    return { received: true, outcome }
  }
}
