import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract, QueryClientContract } from '@adonisjs/lucid/types/database'
import { CreditsExhaustedError } from '#exceptions/billing_errors'
import { PLANS } from '#services/billing/plans'
import { subscriptionBypassed } from '#services/billing/bypass'
import { currentCycle, ensureUsageRow, subscriptionFor, usageFor } from '#services/billing/subscription_store'
import { affectedRows } from '#services/database/affected_rows'

const EXHAUSTED = 'You have used all AI credits of this billing cycle. Upgrade your plan or wait for the next cycle.'

function exhausted() {
  return new CreditsExhaustedError(EXHAUSTED)
}

/**
 * AI credits (CONTRACT 4): pro 100, plus 500 per cycle, one per successful generation.
 * `assertAvailable` runs before a generation; `consume` runs inside the transaction that
 * persists the result and throws CreditsExhaustedError (403 CREDITS_EXHAUSTED) when no credit is left. The
 * deduction is one conditional UPDATE (… WHERE used < limit), so concurrent calls never
 * overspend. Both are no-ops when DEV_BYPASS_SUBSCRIPTION=true.
 */
export class CreditsService {
  async assertAvailable(userId: number): Promise<void> {
    if (subscriptionBypassed()) return
    const row = await subscriptionFor(userId)
    const limit = PLANS[row.planSlug]?.aiCredits ?? 0
    const used = await usageFor(userId, currentCycle(row))
    if (used >= limit) throw exhausted()
  }

  async consume(userId: number, trx?: TransactionClientContract): Promise<void> {
    if (subscriptionBypassed()) return
    const client: QueryClientContract = trx ?? db.connection()
    const row = await subscriptionFor(userId, client)
    const limit = PLANS[row.planSlug]?.aiCredits ?? 0
    if (limit <= 0) throw exhausted()
    const usage = await ensureUsageRow(userId, row.planSlug, currentCycle(row), client)
    const updated = affectedRows(
      await client
        .from('subscription_usages')
        .where('id', usage.id)
        .where('ai_credits_used', '<', limit)
        .increment('ai_credits_used', 1)
    )
    if (updated !== 1) throw exhausted()
  }

  /** Used and limit of the current cycle (dashboards). */
  async summary(userId: number) {
    const row = await subscriptionFor(userId)
    const limit = PLANS[row.planSlug]?.aiCredits ?? 0
    const cycle = currentCycle(row)
    const used = await usageFor(userId, cycle)
    return { used, limit, remaining: Math.max(0, limit - used), period_start: cycle.start.toISO(), period_end: cycle.end.toISO() }
  }
}
