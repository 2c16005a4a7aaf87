import BillingWebhookEvent from '#models/billing_webhook_event'
import { PRICE_PRO } from '#tests/support/billing'
import { sendWebhook, stripeEvent, unixNow } from '#tests/support/billing_webhooks'

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

/**
 * A provider subscription object: active, one item (pro unless `item` says otherwise) whose
 * 30-day period began an hour ago.
 */
export function subscriptionObject(
  overrides: Record<string, any> = {},
  item: { id?: string; priceId?: string; amount?: number; start?: number; end?: number } = {}
) {
  const start = item.start ?? unixNow() - 3600
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
          id: item.id ?? 'si_x',
          current_period_start: start,
          current_period_end: item.end ?? start + 30 * 86400,
          price: { id: item.priceId ?? PRICE_PRO, unit_amount: item.amount ?? 1000, currency: 'usd' },
        },
      ],
    },
    ...overrides,
  }
}

/** A provider invoice object of `subscription`, plus any `extra` fields (customer, lines, …). */
export function invoiceObject(id: string, subscription: string, extra: Record<string, any> = {}) {
  return { id, object: 'invoice', subscription, ...extra }
}

/** Delivers a signed `customer.subscription.<type>` event whose object is subscriptionObject(`fields`). */
export function sendSubscriptionEvent(type: string, fields: Record<string, any>, options: { created?: number } = {}) {
  return sendWebhook(stripeEvent(`customer.subscription.${type}`, subscriptionObject(fields), options))
}
