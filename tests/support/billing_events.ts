import BillingWebhookEvent from '#models/billing_webhook_event'
import { PRICE_PRO } from '#tests/support/billing'
import { unixNow } from '#tests/support/billing_webhooks'

/** The webhook row a crash leaves behind: stored as `received`, its effects never committed. */
export async function storeStuckEvent(event: { id: string; type: string; created: number }) {
  return BillingWebhookEvent.create({
    eventId: event.id,
    type: event.type,
    status: 'received',
    attempts: 1,
    payload: null,
    livemode: false,
    eventCreated: event.created,
    lastError: null,
    processedAt: null,
  })
}

/** A provider subscription object (active pro, one item, a 30-day period that began an hour ago). */
export function subscriptionObject(overrides: Record<string, any> = {}) {
  const start = unixNow() - 3600
  return {
    id: 'sub_x',
    object: 'subscription',
    customer: 'cus_x',
    status: 'active',
    cancel_at_period_end: false,
    pause_collection: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_x',
          current_period_start: start,
          current_period_end: start + 30 * 86400,
          price: { id: PRICE_PRO, unit_amount: 1000, currency: 'usd' },
        },
      ],
    },
    ...overrides,
  }
}
