import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import UserSubscription, { type LocalStatus } from '#models/user_subscription'
import SubscriptionUsage from '#models/subscription_usage'
import { PLANS, planCatalog, type PlanSlug } from '#services/billing/plans'

/**
 * The local subscription read model: lazy creation (a missing row is free/active, CONTRACT 4),
 * row locking, the provider status mapping (SPEC "Subscription status") and billing cycles.
 */

/** Provider status → local status (SPEC D mapping table). */
export function mapProviderStatus(status: string | null | undefined): LocalStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due'
    case 'canceled':
      return 'canceled'
    default:
      return 'expired'
  }
}

export function nowFormatted(client: QueryClientContract) {
  return DateTime.utc().toFormat(client.dialect.dateTimeFormat)
}

export function fromUnix(seconds: unknown): DateTime | null {
  const n = Number(seconds)
  return Number.isFinite(n) && n > 0 ? DateTime.fromSeconds(n, { zone: 'utc' }) : null
}

export function isPostgres(client: QueryClientContract) {
  return client.dialect.name === 'postgres'
}

/** Creates the free/active row when missing (INSERT … ON CONFLICT DO NOTHING: safe inside a PG transaction). */
export async function ensureSubscriptionRow(userId: number, client: QueryClientContract = db.connection()) {
  const now = nowFormatted(client)
  await client
    .knexQuery()
    .table('user_subscriptions')
    .insert({
      user_id: userId,
      plan_slug: 'free',
      plan_name: PLANS.free.name,
      status: 'active',
      is_active: true,
      cancel_at_period_end: false,
      ai_credits_limit: 0,
      price: 0,
      currency: 'usd',
      billing_interval: 'month',
      created_at: now,
      updated_at: now,
    })
    .onConflict('user_id')
    .ignore()
}

/** The user's row (created lazily). */
export async function subscriptionFor(userId: number, client: QueryClientContract = db.connection()) {
  let row = await UserSubscription.query({ client }).where('user_id', userId).first()
  if (!row) {
    await ensureSubscriptionRow(userId, client)
    row = await UserSubscription.query({ client }).where('user_id', userId).firstOrFail()
  }
  return row
}

const perRequest = new WeakMap<object, { userId: number; row: Promise<UserSubscription> }>()

/**
 * The user's row read once per HTTP request (`ctx`): the plan-access guard, the billing pages
 * and the shared page props share one read. For reads only; mutations lock their own row.
 */
export function subscriptionForRequest(ctx: object, userId: number): Promise<UserSubscription> {
  const cached = perRequest.get(ctx)
  if (cached && cached.userId === userId) return cached.row
  const row = subscriptionFor(userId)
  perRequest.set(ctx, { userId, row })
  row.catch(() => perRequest.delete(ctx))
  return row
}

/** The user's row locked for the rest of the transaction (FOR UPDATE on PostgreSQL; SQLite serializes writers). */
export async function lockSubscription(userId: number, trx: QueryClientContract) {
  await ensureSubscriptionRow(userId, trx)
  const query = UserSubscription.query({ client: trx }).where('user_id', userId)
  if (isPostgres(trx)) query.forUpdate()
  return query.firstOrFail()
}

/** Sets the plan columns of a row from a plan slug (price from the catalog unless given). */
export async function setPlan(
  row: UserSubscription,
  slug: PlanSlug,
  client: QueryClientContract,
  price?: { price: number; currency: string; paymentPriceId?: string | null }
) {
  const current = price ? null : await planCatalog.current(slug, client)
  row.planSlug = slug
  row.planName = PLANS[slug].name
  row.aiCreditsLimit = PLANS[slug].aiCredits
  row.price = price ? price.price : current!.price
  row.currency = price ? price.currency : current!.currency
  if (price?.paymentPriceId !== undefined) row.paymentPriceId = price.paymentPriceId
  else if (current) row.paymentPriceId = current.paymentPriceId
  row.billingInterval = 'month'
}

export type Cycle = { key: string; start: DateTime; end: DateTime }

/** The billing cycle containing now: the provider period when known, else monthly from an anchor. */
export function currentCycle(row: Pick<UserSubscription, 'currentPeriodStart' | 'currentPeriodEnd' | 'createdAt'>, now: DateTime = DateTime.utc()): Cycle {
  let start: DateTime
  let end: DateTime
  if (row.currentPeriodStart && row.currentPeriodEnd && row.currentPeriodStart <= now && now < row.currentPeriodEnd) {
    start = row.currentPeriodStart.toUTC()
    end = row.currentPeriodEnd.toUTC()
  } else {
    let anchor = (row.currentPeriodEnd || row.currentPeriodStart || now.startOf('month')).toUTC()
    let guard = 0
    while (anchor > now && guard++ < 1200) anchor = anchor.minus({ months: 1 })
    while (anchor.plus({ months: 1 }) <= now && guard++ < 2400) anchor = anchor.plus({ months: 1 })
    start = anchor
    end = anchor.plus({ months: 1 })
  }
  start = start.startOf('second')
  return { key: start.toISO({ suppressMilliseconds: true })!, start, end: end.startOf('second') }
}

/** Ensures the usage row of a cycle exists (idempotent, safe in a PG transaction). */
export async function ensureUsageRow(userId: number, planSlug: PlanSlug, cycle: Cycle, client: QueryClientContract) {
  const now = nowFormatted(client)
  const fmt = client.dialect.dateTimeFormat
  await client
    .knexQuery()
    .table('subscription_usages')
    .insert({
      user_id: userId,
      plan_slug: planSlug,
      period_key: cycle.key,
      period_start: cycle.start.toFormat(fmt),
      period_end: cycle.end.toFormat(fmt),
      ai_credits_limit: PLANS[planSlug].aiCredits,
      ai_credits_used: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['user_id', 'period_key'])
    .ignore()
  return SubscriptionUsage.query({ client }).where('user_id', userId).where('period_key', cycle.key).firstOrFail()
}

export async function usageFor(userId: number, cycle: Cycle, client: QueryClientContract = db.connection()) {
  const row = await SubscriptionUsage.query({ client }).where('user_id', userId).where('period_key', cycle.key).first()
  return row ? Number(row.aiCreditsUsed) : 0
}
