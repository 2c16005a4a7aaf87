import type Stripe from 'stripe'
import User from '#models/user'
import { idOf } from '#services/billing/subscription_sync'
import type { Effects } from '#services/billing/events/registry'

/**
 * customer.deleted: Stripe cancels the customer's subscriptions (their own events settle the
 * row) and the id is gone for good, so the user forgets it: billing reads answer without a
 * provider call and the next checkout creates a new customer.
 */
export const types = ['customer.deleted'] as const

export async function apply(event: Stripe.Event): Promise<Effects> {
  const customerId = idOf(event.data.object as Stripe.Customer)
  return async (trx) => {
    if (customerId)
      await User.query({ client: trx }).where('payment_customer_id', customerId).update({ payment_customer_id: null })
  }
}
