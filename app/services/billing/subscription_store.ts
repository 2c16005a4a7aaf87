import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import UserSubscription, { type LocalStatus } from '#models/user_subscription'
import SubscriptionUsage from '#models/subscription_usage'
import { ensureSubscriptionRow } from '#services/billing/subscription_writer'

/**
 * The local subscription read model: reads (a missing row is created free/active by the
 * sync's writer, docs/rules/billing.md#guard-order), the provider status mapping
 * (docs/rules/billing.md#mutations "Subscription status") and billing cycles. Writes live in
 * subscription_writer.ts only.
 */

/**
 * Whether the provider's subscription is set to end: at the period's end, or on a date ahead
 * (`cancel_at`; Stripe leaves `cancel_at_period_end` false then).
 */
export function providerEnding(
  sub: { cancel_at_period_end?: boolean | null; cancel_at?: number | null },
  nowSeconds = Math.floor(Date.now() / 1000)
) {
  return sub.cancel_at_period_end === true || (typeof sub.cancel_at === 'number' && sub.cancel_at > nowSeconds)
}

/** Provider status → local status (docs/rules/billing.md#mutations mapping table). */
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

/** The last second of year 9999: a later "unix time" (milliseconds, garbage) is no time at all. */
const MAX_UNIX = 253402300799

/** Unix seconds as Stripe sends them, or null for anything that is not one (≤ 0, milliseconds, not a number). */
export function unixSeconds(value: unknown): number | null {
  const n = Number(value)
  return (typeof value === 'number' || typeof value === 'string') && Number.isFinite(n) && n > 0 && n <= MAX_UNIX
    ? Math.floor(n)
    : null
}

export function fromUnix(seconds: unknown): DateTime | null {
  const n = unixSeconds(seconds)
  return n === null ? null : DateTime.fromSeconds(n, { zone: 'utc' })
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

export type Cycle = { key: string; start: DateTime; end: DateTime }

/** The billing cycle containing now: the provider period when known, else monthly from an anchor. */
export function currentCycle(
  row: Pick<UserSubscription, 'currentPeriodStart' | 'currentPeriodEnd' | 'createdAt'>,
  now: DateTime = DateTime.utc()
): Cycle {
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

export async function usageFor(userId: number, cycle: Cycle, client: QueryClientContract = db.connection()) {
  const row = await SubscriptionUsage.query({ client }).where('user_id', userId).where('period_key', cycle.key).first()
  return row ? Number(row.aiCreditsUsed) : 0
}
