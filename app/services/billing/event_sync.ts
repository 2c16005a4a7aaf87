import type Stripe from 'stripe'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import UserSubscription from '#models/user_subscription'
import { parseRowId } from '#validators/request_input'
import { inject } from '@adonisjs/core'
import { lockSubscription } from '#services/billing/subscription_writer'
import { SubscriptionSync, type Snapshot, type SubscriptionState } from '#services/billing/subscription_sync'
import { StripeClient } from '#services/billing/stripe_client'
import { unixSeconds } from '#services/billing/subscription_store'

/**
 * The sync's entry for webhook events (docs/decisions/billing_sync.md): the event handlers of
 * app/services/billing/events/ name a subscription (`SubscriptionRefs`), this reads what the
 * provider holds for it before the event's transaction (whatever the event's age, issue 24) and
 * applies it under the row lock inside it. The event's own object (`fallback`) stands in only
 * when the provider cannot be read or knows no such subscription (docs/rules/billing.md#mutations).
 */
export type SubscriptionRefs = { subscriptionId: string | null; customerId: string | null; userId: unknown }

export type StatusHint = 'payment_failed' | 'payment_action_required' | null

/** What an event means for the row, read before its transaction opens. */
export type EventSync = { userId: number | null; snapshot: Snapshot | null }

export async function resolveUserId(client: QueryClientContract, refs: SubscriptionRefs): Promise<number | null> {
  if (refs.subscriptionId) {
    const row = await UserSubscription.query({ client }).where('payment_subscription_id', refs.subscriptionId).first()
    if (row) return row.userId
  }
  // A metadata id the id column cannot hold finds nobody (PostgreSQL would fail the query).
  const metadataId = parseRowId(refs.userId)
  if (metadataId) {
    const user = await User.query({ client }).where('id', metadataId).first()
    if (user) return user.id
  }
  if (refs.customerId) {
    const user = await User.query({ client }).where('payment_customer_id', refs.customerId).first()
    if (user) return user.id
    const row = await UserSubscription.query({ client }).where('payment_customer_id', refs.customerId).first()
    if (row) return row.userId
  }
  return null
}

/** Prepares and applies the subscription sync of a webhook event (the event modules' one entry). */
@inject()
export class SubscriptionEventSync {
  constructor(
    private stripe: StripeClient,
    private sync: SubscriptionSync
  ) {}

  /**
   * Reads the provider for the subscription an event names. `fallback` builds the event's own
   * subscription object (called only when the read cannot stand for the event), or null when the
   * event cannot say what the subscription is; it is told whether the provider was asked and failed
   * (a retry may then read it) or is not configured or knows no such subscription.
   */
  async prepare(
    event: Stripe.Event,
    refs: SubscriptionRefs,
    options: { reasonHint: StatusHint; fallback: (readFailed: boolean) => SubscriptionState | null }
  ): Promise<EventSync> {
    const client = db.connection()
    const userId = await resolveUserId(client, refs)
    if (!userId) return { userId: null, snapshot: null }
    const row = await UserSubscription.query({ client }).where('user_id', userId).first()
    const user = await User.query({ client }).where('id', userId).first()
    const customerId = refs.customerId ?? user?.paymentCustomerId ?? row?.paymentCustomerId ?? null
    // A `created` that is no unix time (milliseconds, garbage) orders nothing.
    const created = unixSeconds(event.created)
    const read = await this.readProvider(event, { customerId, subscriptionId: refs.subscriptionId })
    if (read !== 'failed' && read?.sub)
      return { userId, snapshot: { ...read, created, reasonHint: options.reasonHint } }
    // An event that implies no state of its own (fallback null) changes nothing in the row.
    const sub = options.fallback(read === 'failed')
    return { userId, snapshot: sub ? { sub, created, source: 'event', reasonHint: options.reasonHint } : null }
  }

  /**
   * What the provider holds now; null when no Stripe key or API address is configured, `failed`
   * when the read failed after the SDK's retries. The event's own signed object then
   * applies under the docs/rules/billing.md#mutations ordering rule; the next event that can read settles the
   * rest.
   */
  private async readProvider(event: Stripe.Event, refs: { customerId: string | null; subscriptionId: string | null }) {
    if (!this.stripe.configured) return null
    try {
      return await this.sync.readSnapshot(refs)
    } catch (error) {
      logger.warn(
        { err: error, event_id: event.id, type: event.type },
        'could not read the subscription from the provider; applying the event object'
      )
      return 'failed' as const
    }
  }

  /**
   * Applies a prepared event sync inside the event's transaction; `skip` sees the locked row and
   * may leave it as it is. The user id when the event belongs to a known user, else null.
   */
  async apply(
    event: Stripe.Event,
    sync: EventSync,
    trx: QueryClientContract,
    skip: (row: UserSubscription, snapshot: Snapshot) => boolean = () => false
  ): Promise<number | null> {
    if (!sync.userId) {
      logger.info(
        { event_id: event.id, type: event.type },
        'billing event for an unknown customer or subscription; stored, no row changed'
      )
      return null
    }
    const row = await lockSubscription(sync.userId, trx)
    if (sync.snapshot && !skip(row, sync.snapshot)) await this.sync.applySnapshot(row, sync.snapshot, trx)
    return sync.userId
  }
}
