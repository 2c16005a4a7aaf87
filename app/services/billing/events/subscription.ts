import type Stripe from 'stripe'
import type { SubscriptionEventSync, SubscriptionRefs } from '#services/billing/event_sync'
import { idOf } from '#services/billing/subscription_sync'
import { ENDED } from '#services/billing/snapshot_reason'
import type { Effects } from '#services/billing/events/registry'

/** customer.subscription.*: the subscription the event carries, as the provider holds it now. */
export const types = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
] as const

export function parse(event: Stripe.Event): { subscription: Stripe.Subscription; refs: SubscriptionRefs } {
  const subscription = event.data.object as Stripe.Subscription
  return {
    subscription,
    refs: {
      subscriptionId: idOf(subscription),
      customerId: idOf(subscription.customer),
      userId: subscription.metadata?.user_id,
    },
  }
}

/**
 * The object a `deleted` event stands for: Stripe sends it once the subscription has ended, so it is
 * canceled (or incomplete_expired) whatever status a hand-built payload still carries.
 */
export function endedObject(event: Stripe.Event, subscription: Stripe.Subscription): Stripe.Subscription {
  if (event.type !== 'customer.subscription.deleted' || ENDED.has(subscription.status)) return subscription
  return { ...subscription, status: 'canceled' }
}

export async function apply(event: Stripe.Event, sync: SubscriptionEventSync): Promise<Effects> {
  const { subscription, refs } = parse(event)
  // The event's own object stands in only when the provider cannot be read (docs/rules/billing.md#mutations).
  const prepared = await sync.prepare(event, refs, {
    reasonHint: null,
    fallback: () => endedObject(event, subscription),
  })
  // docs/rules/billing.md#mutations: trial_will_end is a no-op for already active subscriptions.
  const trialNoop = event.type === 'customer.subscription.trial_will_end'
  return async (trx) => {
    await sync.apply(
      event,
      prepared,
      trx,
      (row) => trialNoop && row.status === 'active' && Boolean(row.paymentSubscriptionId)
    )
  }
}
