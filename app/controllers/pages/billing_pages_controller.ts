import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { PlanCatalog, planHighlights } from '#services/billing/plans'
import { hasLivePaidSubscription, isActivePaid } from '#services/billing/entitlements'
import { subscriptionForRequest } from '#services/billing/subscription_store'
import { SubscriptionService } from '#services/billing/subscription_service'
import { DocumentPurchaseService } from '#services/billing/document_purchase_service'
import { portalAction } from '#services/billing/subscription_policy'

/** /pricing and /settings/billing (docs/rules/billing.md#mutations billing UI surface). */
@inject()
export default class BillingPagesController {
  constructor(
    private subscriptions: SubscriptionService,
    private purchases: DocumentPurchaseService,
    private catalog: PlanCatalog
  ) {}

  async pricing(ctx: HttpContext) {
    const { inertia, auth, response } = ctx
    const user = auth.user
    // docs/rules/billing.md#mutations: /pricing is for choosing a plan; paid users manage theirs in
    // /settings/billing.
    const row = user ? await subscriptionForRequest(ctx, user.id) : null
    if (row && isActivePaid(row)) return response.redirect().toRoute('pages.settings.billing')
    return inertia.render('billing/pricing', {
      plans: await this.planCards(),
      current_plan: row?.planSlug ?? null,
      signed_in: Boolean(user),
      // docs/rules/billing.md#mutations: a live paid subscription (past_due here) is managed in billing settings, not
      // checked out again.
      manage_url: row && hasLivePaidSubscription(row) ? urlFor('pages.settings.billing') : null,
      payments_configured: await this.subscriptions.paymentsConfigured(),
    })
  }

  async settings(ctx: HttpContext) {
    const { inertia, auth, request } = ctx
    const user = auth.getUserOrFail()
    const row = await subscriptionForRequest(ctx, user.id)
    const [subscription, plans, purchases, paymentsConfigured] = await Promise.all([
      this.subscriptions.toView(row),
      this.planCards(),
      this.purchases.list(user.id),
      this.subscriptions.paymentsConfigured(),
    ])
    const upgraded = request.qs().upgraded
    // `billing`, not `subscription`: that name is the shared summary prop every page gets.
    return inertia.render('billing/settings_billing', {
      billing: subscription,
      plans,
      purchases,
      has_customer: Boolean(user.paymentCustomerId),
      // A paid row the provider does not hold (the seeded demo account): nothing to manage there.
      provider_managed: row.planSlug === 'free' || Boolean(row.paymentSubscriptionId),
      upgraded: upgraded === 'pro' || upgraded === 'plus' ? (upgraded as 'pro' | 'plus') : null,
      payments_configured: paymentsConfigured,
      portal: portalAction(row, { hasCustomer: Boolean(user.paymentCustomerId), paymentsConfigured }),
    })
  }

  /** The plan cards: price from the catalog table, what each includes from the plan rules. */
  private async planCards() {
    const plans = await this.catalog.list()
    return plans.map((p) => ({
      slug: p.slug,
      name: p.name,
      price: p.price,
      currency: p.currency,
      interval: p.interval,
      ai_credits: p.aiCredits,
      features: planHighlights(p.slug),
    }))
  }
}
