import type Stripe from 'stripe'
import { inject } from '@adonisjs/core'
import { iso } from '#transformers/iso'
import { DateTime } from 'luxon'
import type { InvoiceView, PaymentMethodView, SubscriptionView } from '#shared/api/billing'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import type UserSubscription from '#models/user_subscription'
import { BillingConflictError, BillingRuleError } from '#exceptions/billing_errors'
import { StripeClient, requireConfigured } from '#services/billing/stripe_client'
import { PLANS, PlanCatalog, type PlanSlug } from '#services/billing/plans'
import { BillingSettings } from '#services/billing/billing_settings'
import { currentCycle, subscriptionFor, usageFor } from '#services/billing/subscription_store'
import { hasLivePaidSubscription } from '#services/billing/entitlements'
import { allowedActions } from '#services/billing/subscription_policy'
import { SubscriptionSync } from '#services/billing/subscription_sync'
import { SubscriptionMutations, requireActive, requirePaid } from '#services/billing/subscription_mutation'
import {
  cancelUrl,
  idempotencyMinute,
  portalReturnUrl,
  provider,
  stripeErrorFields,
  successUrlFor,
} from '#services/billing/provider_calls'

/**
 * Subscription view (docs/rules/billing.md#wire-fields): the shape of shared/api/billing.ts, shared with the
 * pages.
 */
export type { SubscriptionView }

export type { InvoiceView, PaymentMethodView }

/** Invoices listed at most (docs/rules/billing.md#wire-fields). */
export const INVOICES_LISTED = 12

@inject()
export class SubscriptionService {
  constructor(
    private stripe: StripeClient,
    private catalog: PlanCatalog,
    private sync: SubscriptionSync,
    private mutations: SubscriptionMutations,
    private settings: BillingSettings
  ) {}

  async view(userId: number): Promise<SubscriptionView> {
    const row = await subscriptionFor(userId)
    return this.toView(row)
  }

  async toView(row: UserSubscription): Promise<SubscriptionView> {
    const cycle = currentCycle(row)
    const used = row.planSlug === 'free' ? 0 : await usageFor(row.userId, cycle)
    return {
      status: row.status,
      statusReason: row.statusReason,
      requiresPaymentAction: row.statusReason === 'payment_action_required' && row.status !== 'active',
      planSlug: row.planSlug,
      planName: row.planName || PLANS[row.planSlug]?.name || row.planSlug,
      price: Number(row.price),
      currency: row.currency,
      billingInterval: row.billingInterval || 'month',
      currentPeriodEnd: iso(row.currentPeriodEnd),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      pauseCollectionResumesAt: iso(row.pauseCollectionResumesAt),
      limits: { aiCredits: PLANS[row.planSlug]?.aiCredits ?? 0 },
      usage: { aiCredits: used },
      allowedActions: allowedActions(row),
    }
  }

  /** The customer id, created on first checkout when empty (docs/rules/billing.md#mutations). */
  async ensureCustomer(user: User) {
    if (user.paymentCustomerId) return user.paymentCustomerId
    const stripe = this.stripe.api
    const customer = await provider('customers.create', () =>
      stripe.customers.create(
        { email: user.email, metadata: { user_id: String(user.id) } },
        { idempotencyKey: `customer-create-${user.id}-${idempotencyMinute()}` }
      )
    )
    await User.query()
      .where('id', user.id)
      .whereNull('payment_customer_id')
      .update({ payment_customer_id: customer.id })
    await user.refresh()
    return user.paymentCustomerId || customer.id
  }

  /**
   * Whether payment actions can reach a provider (docs/rules/billing.md#mutations: the pages say so up front).
   */
  async paymentsConfigured() {
    return this.stripe.configured
  }

  async checkout(user: User, planSlug: 'pro' | 'plus') {
    requireConfigured(this.stripe)
    const row = await subscriptionFor(user.id)
    // docs/rules/billing.md#mutations: one live paid subscription at a time (active, past_due, paused or ending).
    if (hasLivePaidSubscription(row)) {
      throw new BillingConflictError('You already have a subscription. Manage it from /settings/billing.')
    }
    const plan = await this.catalog.current(planSlug)
    const customer = await this.ensureCustomer(user)
    const stripe = this.stripe.api
    const metadata = { user_id: String(user.id), plan_slug: planSlug }
    const session = await provider('checkout.sessions.create', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: String(user.id),
        metadata,
        subscription_data: { metadata },
        line_items: [{ price: plan.paymentPriceId!, quantity: 1 }],
        success_url: successUrlFor(this.settings, planSlug),
        cancel_url: cancelUrl(this.settings),
        payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      })
    )
    return { url: session.url, session_id: session.id }
  }

  async portal(user: User) {
    requireConfigured(this.stripe)
    if (!user.paymentCustomerId) {
      throw new BillingRuleError('There is no billing account yet. Choose a paid plan first.')
    }
    const stripe = this.stripe.api
    const session = await provider('billingPortal.sessions.create', () =>
      stripe.billingPortal.sessions.create({
        customer: user.paymentCustomerId!,
        return_url: portalReturnUrl(this.settings),
      })
    )
    return { url: session.url }
  }

  async paymentMethod(user: User): Promise<PaymentMethodView> {
    if (!user.paymentCustomerId) return null
    const stripe = this.stripe.api
    const list = await provider('paymentMethods.list', () =>
      stripe.paymentMethods.list({ customer: user.paymentCustomerId!, type: 'card', limit: 1 })
    )
    const card = list.data?.[0]?.card
    if (!card) return null
    return { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
  }

  /** The latest invoices: at most INVOICES_LISTED, fewer when asked (docs/rules/billing.md#wire-fields). */
  async invoices(user: User, asked = INVOICES_LISTED): Promise<InvoiceView[]> {
    if (!user.paymentCustomerId) return []
    const limit = Math.min(asked, INVOICES_LISTED)
    const stripe = this.stripe.api
    const list = await provider('invoices.list', () =>
      stripe.invoices.list({ customer: user.paymentCustomerId!, limit })
    )
    return (list.data || []).slice(0, limit).map((invoice: Stripe.Invoice) => ({
      id: String(invoice.id),
      number: invoice.number ?? null,
      status: invoice.status ?? null,
      currency: String(invoice.currency || 'usd').toLowerCase(),
      amount_due: Number(invoice.amount_due ?? 0),
      amount_paid: Number(invoice.amount_paid ?? 0),
      created_at: invoice.created ? iso(Number(invoice.created) * 1000) : null,
      hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    }))
  }

  async setAutoRenew(user: User, enabled: boolean, current?: UserSubscription) {
    const row = current ?? (await subscriptionFor(user.id))
    const revertingCancel = enabled && row.cancelAtPeriodEnd
    if (!revertingCancel) requireActive(row)
    const subscriptionId = requirePaid(row)
    const stripe = this.stripe.api
    const key = `auto-renew-${user.id}-${enabled ? 'on' : 'off'}-${idempotencyMinute()}`
    const saved = await this.mutations.mutate(row, 'subscriptions.update', () =>
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !enabled }, { idempotencyKey: key })
    )
    return this.toView(saved)
  }

  async previewProration(user: User, planSlug: 'pro' | 'plus') {
    const row = await subscriptionFor(user.id)
    requireActive(row)
    const subscriptionId = requirePaid(row)
    const target = await this.catalog.current(planSlug)
    const approximate = () => ({
      amount_due: Math.max(0, target.price - Number(row.price)),
      currency: target.currency || row.currency,
      approximate: true,
    })
    try {
      const stripe = this.stripe.api
      const { itemId } = await this.mutations.subscriptionItemId(subscriptionId)
      const preview: Stripe.Invoice = await stripe.invoices.createPreview({
        customer: row.paymentCustomerId || user.paymentCustomerId || undefined,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: itemId, price: target.paymentPriceId! }],
          proration_behavior: 'create_prorations',
          proration_date: Math.floor(Date.now() / 1000),
        },
      })
      return {
        amount_due: Number(preview.amount_due ?? 0),
        currency: String(preview.currency || target.currency),
        approximate: false,
      }
    } catch (error) {
      logger.warn({ err: stripeErrorFields(error) }, 'proration preview failed; answering the approximate difference')
      return approximate()
    }
  }

  async changePlan(user: User, planSlug: PlanSlug) {
    const row = await subscriptionFor(user.id)
    requireActive(row)
    if (planSlug === 'free') {
      // docs/rules/billing.md#mutations: a change to free resolves to auto-renew off.
      return this.setAutoRenew(user, false, row)
    }
    const subscriptionId = requirePaid(row)
    if (row.planSlug === planSlug) throw new BillingRuleError('You are already on this plan.')
    const target = await this.catalog.current(planSlug)
    const stripe = this.stripe.api
    const { itemId } = await provider('subscriptions.retrieve', () => this.mutations.subscriptionItemId(subscriptionId))
    // docs/rules/billing.md#mutations: the provider's "update subscription item" operation.
    const key = `change-plan-${user.id}-${planSlug}-${idempotencyMinute()}`
    await provider('subscriptionItems.update', () =>
      stripe.subscriptionItems.update(
        itemId,
        { price: target.paymentPriceId!, proration_behavior: 'create_prorations' },
        { idempotencyKey: key }
      )
    )
    // The plan is settled by customer.subscription.updated; reading the subscription now applies
    // the same provider state sooner. If that read fails, the webhook still settles it.
    try {
      const saved = await this.mutations.applyUnderLock(
        user.id,
        await this.sync.readSnapshot({ customerId: row.paymentCustomerId, subscriptionId })
      )
      return this.toView(saved)
    } catch (error) {
      logger.warn(
        { err: stripeErrorFields(error) },
        'plan changed; the subscription read failed, the webhook settles it'
      )
      return this.view(user.id)
    }
  }

  async pause(user: User) {
    const row = await subscriptionFor(user.id)
    requireActive(row)
    const subscriptionId = requirePaid(row)
    if (row.pauseCollectionResumesAt) throw new BillingRuleError('Your subscription is already paused.')
    if (row.cancelAtPeriodEnd)
      throw new BillingRuleError('Your subscription ends at the period end; turn auto-renew on first.')
    const stripe = this.stripe.api
    let periodEnd = row.currentPeriodEnd
    if (!periodEnd) {
      const { sub } = await provider('subscriptions.retrieve', () => this.mutations.subscriptionItemId(subscriptionId))
      const end = Number(sub?.items?.data?.[0]?.current_period_end ?? sub?.current_period_end)
      periodEnd = end ? DateTime.fromSeconds(end, { zone: 'utc' }) : DateTime.utc()
    }
    // docs/rules/billing.md#mutations: one cycle = the current period end plus one billing interval.
    const resumesAt = Math.floor(periodEnd.plus({ months: 1 }).toSeconds())
    const key = `pause-${user.id}-${idempotencyMinute()}`
    const saved = await this.mutations.mutate(row, 'subscriptions.update', () =>
      stripe.subscriptions.update(
        subscriptionId,
        { pause_collection: { behavior: 'keep_as_draft', resumes_at: resumesAt } },
        { idempotencyKey: key }
      )
    )
    return this.toView(saved)
  }

  async resume(user: User) {
    const row = await subscriptionFor(user.id)
    requireActive(row)
    const subscriptionId = requirePaid(row)
    if (!row.pauseCollectionResumesAt) throw new BillingRuleError('Your subscription is not paused.')
    const stripe = this.stripe.api
    const key = `resume-${user.id}-${idempotencyMinute()}`
    const saved = await this.mutations.mutate(row, 'subscriptions.update', () =>
      stripe.subscriptions.update(subscriptionId, { pause_collection: '' }, { idempotencyKey: key })
    )
    return this.toView(saved)
  }
}

export { StripeClient }
