import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import UserSubscription from '#models/user_subscription'
import SubscriptionUsage from '#models/subscription_usage'
import { PLANS, type PlanCatalog, type PlanSlug } from '#services/billing/plans'
import type { Cycle } from '#services/billing/subscription_store'
import { affectedRows } from '#services/database/affected_rows'

/**
 * The sync's writer (issue 24, docs/decisions/billing_sync.md): the only code that writes
 * `user_subscriptions` and `subscription_usages`. Provider state reaches a row through
 * `applySnapshot` (subscription_sync.ts), which saves here; the lazy free row, the operators'
 * plan assignment, usage rows and credit spending are the other writes, all in this file.
 * `tests/unit/billing/single_writer.spec.ts` fails when a write appears anywhere else.
 */

export function nowFormatted(client: QueryClientContract) {
  return DateTime.utc().toFormat(client.dialect.dateTimeFormat)
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

/** The user's row locked for the rest of the transaction (FOR UPDATE on PostgreSQL; SQLite serializes writers). */
export async function lockSubscription(userId: number, trx: QueryClientContract) {
  await ensureSubscriptionRow(userId, trx)
  const query = UserSubscription.query({ client: trx }).where('user_id', userId)
  if (isPostgres(trx)) query.forUpdate()
  return query.firstOrFail()
}

/**
 * Sets the plan columns of a row in memory from a plan slug and its price (the catalog's current
 * one, `PlanCatalog.current`, unless the provider named another).
 */
export function setPlan(
  row: UserSubscription,
  slug: PlanSlug,
  price: { price: number; currency: string; paymentPriceId?: string | null }
) {
  row.planSlug = slug
  row.planName = PLANS[slug].name
  row.aiCreditsLimit = PLANS[slug].aiCredits
  row.price = price.price
  row.currency = price.currency
  if (price.paymentPriceId !== undefined) row.paymentPriceId = price.paymentPriceId
  row.billingInterval = 'month'
}

/** Saves a locked row inside its transaction (the end of `applySnapshot`). */
export async function saveSubscription(row: UserSubscription, trx: QueryClientContract) {
  row.useTransaction(trx as Parameters<UserSubscription['useTransaction']>[0])
  await row.save()
}

/**
 * Puts a user on a plan locally (operators' `node ace user:create --plan`, seeders): status
 * active, a monthly cycle from now. No provider call: a paid plan assigned this way has no
 * Stripe subscription until the user checks out.
 */
export async function assignPlan(catalog: PlanCatalog, userId: number, plan: PlanSlug): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await lockSubscription(userId, trx)
    setPlan(row, plan, await catalog.current(plan, trx))
    row.status = 'active'
    row.isActive = true
    row.statusReason = null
    row.cancelAtPeriodEnd = false
    row.pauseCollectionResumesAt = null
    if (plan === 'free') {
      row.currentPeriodStart = null
      row.currentPeriodEnd = null
    } else if (!row.currentPeriodEnd || row.currentPeriodEnd <= DateTime.utc()) {
      const start = DateTime.utc().startOf('second')
      row.currentPeriodStart = start
      row.currentPeriodEnd = start.plus({ months: 1 })
    }
    await saveSubscription(row, trx)
  })
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

/**
 * Spends one credit of a usage row: one conditional UPDATE (… WHERE used < limit), so
 * concurrent calls never overspend. False when nothing was left.
 */
export async function spendCredit(usageId: number, limit: number, client: QueryClientContract): Promise<boolean> {
  const updated = affectedRows(
    await client
      .from('subscription_usages')
      .where('id', usageId)
      .where('ai_credits_used', '<', limit)
      .increment('ai_credits_used', 1)
  )
  return updated === 1
}
