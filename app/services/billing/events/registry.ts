import type Stripe from 'stripe'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { SubscriptionEventSync } from '#services/billing/event_sync'
import * as subscription from '#services/billing/events/subscription'
import * as invoice from '#services/billing/events/invoice'
import * as checkoutSubscription from '#services/billing/events/checkout_subscription'
import * as checkoutPurchase from '#services/billing/events/checkout_purchase'
import * as customer from '#services/billing/events/customer'

/**
 * One module per event kind (issue 24): each exports the event `types` it takes, an optional
 * `accepts` when several kinds share a type (checkout sessions by mode), a typed `parse` of its
 * refs and the one `apply` function. A new event type is one module and one line here.
 */

/**
 * The writes an event makes, run by the pipeline inside the event's claimed transaction (the
 * `processed` mark commits with them). A module hands them back; it never calls the pipeline.
 */
export type Effects = (trx: QueryClientContract) => Promise<void>

export type EventModule = {
  types: readonly string[]
  accepts?: (event: Stripe.Event) => boolean
  /**
   * Reads what the event needs (no transaction, no lock held while Stripe answers) and returns its writes;
   * `sync` is the webhook service's injected subscription sync.
   */
  apply: (event: Stripe.Event, sync: SubscriptionEventSync) => Promise<Effects>
}

const MODULES: EventModule[] = [subscription, invoice, checkoutSubscription, checkoutPurchase, customer]

export const HANDLED_EVENTS = new Set(MODULES.flatMap((m) => m.types))

/** The module that applies `event`, or null for a type billing does not handle. */
export function handlerFor(event: Stripe.Event): EventModule | null {
  return MODULES.find((m) => m.types.includes(event.type) && (!m.accepts || m.accepts(event))) ?? null
}
