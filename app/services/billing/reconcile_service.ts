import type Stripe from 'stripe'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import UserSubscription from '#models/user_subscription'
import { inject } from '@adonisjs/core'
import { StripeClient } from '#services/billing/stripe_client'
import { PaymentsNotConfiguredError } from '#exceptions/billing_errors'
import { PlanCatalog } from '#services/billing/plans'
import { BillingWebhookService } from '#services/billing/webhook_service'
import { HANDLED_EVENTS } from '#services/billing/events/registry'
import { mapProviderStatus, providerEnding } from '#services/billing/subscription_store'
import { lockSubscription } from '#services/billing/subscription_writer'
import { SubscriptionSync } from '#services/billing/subscription_sync'

export type Drift = {
  user_id: string
  subscription_id: string
  field: 'status' | 'plan' | 'cancel_at_period_end' | 'missing'
  local: string
  provider: string
}

export type ReconcileReport = {
  events: { listed: number; replayed: number; processed: number; duplicate: number; skipped: number; failed: number }
  checked: number
  drift: Drift[]
  fixed: number
}

/**
 * `billing:reconcile`: replays the provider's undelivered events of the last days through
 * the same webhook path, then compares every active local subscription with the provider.
 */
@inject()
export class ReconcileService {
  constructor(
    private stripe: StripeClient,
    private catalog: PlanCatalog,
    private webhooks: BillingWebhookService,
    private sync: SubscriptionSync
  ) {}

  async run(options: { days?: number; fix?: boolean; maxEvents?: number } = {}): Promise<ReconcileReport> {
    const days = options.days ?? 3
    // Without a key the SDK would call the real provider with a placeholder key, retrying for minutes.
    if (!this.stripe.configured) {
      throw new PaymentsNotConfiguredError(
        'Payments are not configured (STRIPE_SECRET_KEY is unset): nothing to reconcile'
      )
    }
    const stripe = this.stripe.api
    const report: ReconcileReport = {
      events: { listed: 0, replayed: 0, processed: 0, duplicate: 0, skipped: 0, failed: 0 },
      checked: 0,
      drift: [],
      fixed: 0,
    }
    const since = Math.floor(Date.now() / 1000) - days * 86400
    const list = stripe.events.list({ created: { gte: since }, delivery_success: false, limit: 100 })
    const events: Stripe.Event[] = []
    for await (const event of list) {
      events.push(event)
      if (events.length >= (options.maxEvents ?? 1000)) break
    }
    // Oldest first, so the ordering rule sees them in provider order.
    events.sort((a, b) => a.created - b.created)
    for (const event of events) {
      report.events.listed++
      const livemode = event.livemode
      if (!HANDLED_EVENTS.has(event.type) || (typeof livemode === 'boolean' && livemode !== app.inProduction)) {
        report.events.skipped++
        continue
      }
      report.events.replayed++
      try {
        const outcome = await this.webhooks.deliver(event)
        if (outcome === 'duplicate') report.events.duplicate++
        else report.events.processed++
      } catch {
        report.events.failed++
      }
    }

    const rows = await UserSubscription.query().where('status', 'active').whereNotNull('payment_subscription_id')
    for (const row of rows) {
      report.checked++
      let sub: Stripe.Subscription
      try {
        sub = await stripe.subscriptions.retrieve(row.paymentSubscriptionId!)
      } catch (error) {
        if ((error as { statusCode?: number } | null)?.statusCode === 404) {
          report.drift.push({
            user_id: String(row.userId),
            subscription_id: row.paymentSubscriptionId!,
            field: 'missing',
            local: row.status,
            provider: 'not found',
          })
          continue
        }
        throw error
      }
      const drift: Drift[] = []
      const providerStatus = mapProviderStatus(sub.status)
      if (providerStatus !== row.status)
        drift.push({
          user_id: String(row.userId),
          subscription_id: sub.id,
          field: 'status',
          local: row.status,
          provider: providerStatus,
        })
      const priceId = sub.items?.data?.[0]?.price?.id
      const plan = priceId ? await this.catalog.byPriceId(priceId) : null
      if (plan && plan.planSlug !== row.planSlug)
        drift.push({
          user_id: String(row.userId),
          subscription_id: sub.id,
          field: 'plan',
          local: row.planSlug,
          provider: plan.planSlug,
        })
      const ending = providerEnding(sub)
      if ((typeof sub.cancel_at_period_end === 'boolean' || ending) && ending !== row.cancelAtPeriodEnd) {
        drift.push({
          user_id: String(row.userId),
          subscription_id: sub.id,
          field: 'cancel_at_period_end',
          local: String(row.cancelAtPeriodEnd),
          provider: String(ending),
        })
      }
      report.drift.push(...drift)
      if (drift.length && options.fix) {
        // The same sync path as webhooks: a fresh read, applied under the lock by provider order.
        const snapshot = await this.sync.readSnapshot({
          customerId: row.paymentCustomerId,
          subscriptionId: row.paymentSubscriptionId,
        })
        const outcome = await db.transaction(async (trx) =>
          this.sync.applySnapshot(await lockSubscription(row.userId, trx), snapshot, trx)
        )
        if (outcome === 'applied') report.fixed++
      }
    }
    return report
  }
}
