import type Stripe from 'stripe'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type UserSubscription from '#models/user_subscription'
import { BillingRuleError } from '#exceptions/billing_errors'
import { inject } from '@adonisjs/core'
import { StripeClient } from '#services/billing/stripe_client'
import { lockSubscription } from '#services/billing/subscription_writer'
import {
  SubscriptionSync,
  isReplayed,
  type Snapshot,
  type SubscriptionState,
} from '#services/billing/subscription_sync'
import { provider, stripeErrorFields } from '#services/billing/provider_calls'

/*
| The steps the SubscriptionService mutations share (docs/rules/billing.md#mutations): the
| guards on the current row, the provider write applied through the one sync path, and the
| read of the subscription's item.
*/

/**
 * The paid provider subscription of an active row, or a 400 (docs/rules/billing.md#mutations mutation guards).
 */
export function requirePaid(row: UserSubscription) {
  if (!row.paymentSubscriptionId || row.planSlug === 'free') {
    throw new BillingRuleError('You are on the free plan. Choose a paid plan from the pricing page first.')
  }
  return row.paymentSubscriptionId
}

export function requireActive(row: UserSubscription) {
  if (row.status !== 'active') {
    throw new BillingRuleError('Your subscription is not active. Resolve payment first.')
  }
}

/** The provider write and the read of a subscription's item, applied through the one sync path. */
@inject()
export class SubscriptionMutations {
  constructor(
    private stripe: StripeClient,
    private sync: SubscriptionSync
  ) {}

  /**
   * Runs a provider write and applies what it answered through the one sync path. A fresh
   * response is a snapshot from the instant the request started; a replayed one (Stripe's
   * `Idempotent-Replayed: true`) is an old answer, so the provider is read instead.
   */
  async mutate(row: UserSubscription, operation: string, call: () => Promise<Stripe.Response<Stripe.Subscription>>) {
    const startedAt = Math.floor(Date.now() / 1000)
    const response = await provider(operation, call)
    const refs = { customerId: row.paymentCustomerId, subscriptionId: row.paymentSubscriptionId }
    if (!isReplayed(response))
      return this.applyUnderLock(row.userId, { sub: response, readAt: startedAt, source: 'response', ...refs })
    try {
      return await this.applyUnderLock(row.userId, await this.sync.readSnapshot(refs))
    } catch (error) {
      // The write itself is done at the provider (this is its replay): the webhook settles the row.
      logger.warn(
        { err: stripeErrorFields(error) },
        `${operation} replayed; the subscription read failed, the webhook settles it`
      )
      return row
    }
  }

  async applyUnderLock(userId: number, snapshot: Snapshot) {
    return db.transaction(async (trx) => {
      const locked = await lockSubscription(userId, trx)
      await this.sync.applySnapshot(locked, snapshot, trx)
      return locked
    })
  }

  async subscriptionItemId(subscriptionId: string) {
    const stripe = this.stripe.api
    const sub: SubscriptionState = await stripe.subscriptions.retrieve(subscriptionId)
    const itemId = sub?.items?.data?.[0]?.id
    if (!itemId) throw new Error('subscription has no item')
    return { sub, itemId: String(itemId) }
  }
}
