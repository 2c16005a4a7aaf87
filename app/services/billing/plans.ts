import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { isUniqueViolation } from '#services/database/unique_violation'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { billingConfig, PLACEHOLDER_PRICE_IDS } from '#config/billing'
import SubscriptionPlanPrice from '#models/subscription_plan_price'
import { BillingRuleError } from '#exceptions/billing_errors'

export type PlanSlug = 'free' | 'pro' | 'plus'
export type PlanFeature = 'AI_CREDIT' | 'UPLOAD'

/**
 * Plans and what they include (docs/rules/billing.md#guard-order), the one source of the rules and of the plan
 * cards (`planHighlights`). Prices are defaults; the catalog table wins. `documentLimit`: uploads kept (null:
 * no limit).
 */
/** Documents a user keeps without an active paid plan (docs/rules/billing.md#guard-order). */
export const FREE_DOCUMENT_LIMIT = 5

export const PLANS: Record<
  PlanSlug,
  { name: string; price: number; aiCredits: number; features: PlanFeature[]; documentLimit: number | null }
> = {
  free: { name: 'Basic', price: 0, aiCredits: 0, features: ['UPLOAD'], documentLimit: FREE_DOCUMENT_LIMIT },
  pro: { name: 'Pro', price: 1000, aiCredits: 100, features: ['UPLOAD', 'AI_CREDIT'], documentLimit: null },
  plus: { name: 'Plus', price: 2000, aiCredits: 500, features: ['UPLOAD', 'AI_CREDIT'], documentLimit: null },
}

/** The paid plans: an active one reads premium and paid documents in full and sees no ads (entitlements.ts). */
export const PAID_PLANS = ['pro', 'plus'] as const

export const isPaidPlan = (slug: string): slug is (typeof PAID_PLANS)[number] =>
  (PAID_PLANS as readonly string[]).includes(slug)

/**
 * What a plan card lists, derived from the rules above (issue 29 item 4), so a card never
 * promises what the plan does not give nor leaves out what it does.
 */
export function planHighlights(slug: PlanSlug): string[] {
  const plan = PLANS[slug]
  const lines = ['Browse the catalog and read free documents', 'Structured notes']
  if (plan.features.includes('UPLOAD'))
    lines.push(plan.documentLimit === null ? 'Unlimited uploads' : `Upload up to ${plan.documentLimit} documents`)
  if (plan.features.includes('AI_CREDIT')) lines.push('All AI study tools', `${plan.aiCredits} AI credits per month`)
  if (isPaidPlan(slug)) lines.push('Full access to premium documents', 'No ads')
  return lines
}
export const DEFAULT_CURRENCY = 'usd'

export function isPlanSlug(value: unknown): value is PlanSlug {
  return value === 'free' || value === 'pro' || value === 'plus'
}

export function planHas(plan: PlanSlug, feature: PlanFeature) {
  return PLANS[plan]?.features.includes(feature) ?? false
}

function defaultPriceId(plan: PlanSlug) {
  if (plan === 'pro') return billingConfig.priceIds.pro
  if (plan === 'plus') return billingConfig.priceIds.plus
  return null
}

/**
 * The plan catalog (docs/rules/billing.md#mutations): one current row per plan and interval; rows of replaced
 * prices are kept (is_current=false) so existing subscriptions still map to their plan.
 */
export class PlanCatalog {
  /**
   * Inserts the default row of each plan that has none (idempotent). A plan whose current price is still
   * the placeholder takes STRIPE_PRICE_PRO/PLUS once they are set (a later `db:seed`, or `npm start`
   * after the first): the placeholder row is kept, a price set since is never replaced.
   */
  async ensureDefaults(
    client: QueryClientContract = db.connection(),
    priceIds: { pro: string; plus: string } = billingConfig.priceIds
  ) {
    for (const slug of ['free', 'pro', 'plus'] as PlanSlug[]) {
      const existing = await SubscriptionPlanPrice.query({ client })
        .where('plan_slug', slug)
        .where('billing_interval', 'month')
        .first()
      if (existing) {
        if (slug !== 'free') await this.adoptConfiguredPrice(slug, priceIds[slug], client)
        continue
      }
      try {
        await SubscriptionPlanPrice.create(
          {
            planSlug: slug,
            planName: PLANS[slug].name,
            billingInterval: 'month',
            paymentPriceId: slug === 'free' ? null : priceIds[slug],
            price: PLANS[slug].price,
            currency: DEFAULT_CURRENCY,
            isCurrent: true,
          },
          { client }
        )
      } catch {
        // A concurrent first request created it.
      }
    }
  }

  private async adoptConfiguredPrice(slug: 'pro' | 'plus', configured: string, client: QueryClientContract) {
    if (configured === PLACEHOLDER_PRICE_IDS[slug]) return
    const current = await this.currentRow(slug, client)
    if (current?.paymentPriceId && current.paymentPriceId !== PLACEHOLDER_PRICE_IDS[slug]) return
    try {
      await this.setPrice(slug, configured, current ? Number(current.price) : PLANS[slug].price, current?.currency)
    } catch (error) {
      // Another instance adopted it first, or the id is the other plan's (a settings slip): start anyway.
      if (!isUniqueViolation(error) && !(error instanceof BillingRuleError)) throw error
      logger.warn({ plan: slug, price_id: configured }, 'configured price id not adopted by the plan catalog')
    }
  }

  private currentRow(slug: PlanSlug, client: QueryClientContract) {
    return SubscriptionPlanPrice.query({ client })
      .where('plan_slug', slug)
      .where('billing_interval', 'month')
      .where('is_current', true)
      .orderBy('id', 'desc')
      .first()
  }

  async current(slug: PlanSlug, client: QueryClientContract = db.connection()) {
    const row = await this.currentRow(slug, client)
    return {
      slug,
      name: row?.planName || PLANS[slug].name,
      price: row ? Number(row.price) : PLANS[slug].price,
      currency: row?.currency || DEFAULT_CURRENCY,
      interval: 'month',
      paymentPriceId: row?.paymentPriceId ?? defaultPriceId(slug),
      aiCredits: PLANS[slug].aiCredits,
    }
  }

  async list(client: QueryClientContract = db.connection()) {
    return Promise.all((['free', 'pro', 'plus'] as PlanSlug[]).map((slug) => this.current(slug, client)))
  }

  /** Any row (current or kept) with this provider price id. */
  async byPriceId(priceId: string | null | undefined, client: QueryClientContract = db.connection()) {
    if (!priceId) return null
    const row = await SubscriptionPlanPrice.query({ client }).where('payment_price_id', priceId).first()
    if (row) return row
    if (priceId === defaultPriceId('pro'))
      return { planSlug: 'pro', planName: 'Pro', price: PLANS.pro.price, currency: DEFAULT_CURRENCY }
    if (priceId === defaultPriceId('plus'))
      return { planSlug: 'plus', planName: 'Plus', price: PLANS.plus.price, currency: DEFAULT_CURRENCY }
    return null
  }

  /**
   * `billing:set-price`: the new price becomes current for new subscriptions; older rows are
   * kept (not current) so existing subscriptions keep theirs until they switch.
   */
  async setPrice(slug: PlanSlug, priceId: string, amount: number, currency = DEFAULT_CURRENCY) {
    return db.transaction(async (trx) => {
      const existing = await SubscriptionPlanPrice.query({ client: trx }).where('payment_price_id', priceId).first()
      // A provider price belongs to one plan: relabelling it would move that plan's subscribers.
      if (existing && existing.planSlug !== slug) {
        throw new BillingRuleError(`${priceId} is already a price of the ${existing.planSlug} plan`)
      }
      // The reused row stays out of this update: its model still holds is_current=true, so after it
      // the save below would see nothing changed and leave the plan without a current price.
      const others = SubscriptionPlanPrice.query({ client: trx })
        .where('plan_slug', slug)
        .where('billing_interval', 'month')
      if (existing) others.whereNot('id', existing.id)
      await others.update({ is_current: false })
      if (existing) {
        existing.merge({ planSlug: slug, price: amount, currency, isCurrent: true, planName: PLANS[slug].name })
        existing.useTransaction(trx)
        await existing.save()
        return existing
      }
      return SubscriptionPlanPrice.create(
        {
          planSlug: slug,
          planName: PLANS[slug].name,
          billingInterval: 'month',
          paymentPriceId: priceId,
          price: amount,
          currency,
          isCurrent: true,
        },
        { client: trx }
      )
    })
  }
}
