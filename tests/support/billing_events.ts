import BillingWebhookEvent from '#models/billing_webhook_event'

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
