import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract, QueryClientContract } from '@adonisjs/lucid/types/database'
import { CreditsExhaustedError } from '#exceptions/billing_errors'
import { planPolicy } from '#services/billing/plan_policy'
import { BillingSettings } from '#services/billing/billing_settings'
import { currentCycle, subscriptionFor, usageFor } from '#services/billing/subscription_store'
import { ensureUsageRow, spendCredit } from '#services/billing/subscription_writer'

const EXHAUSTED = 'You have used all AI credits of this billing cycle. Upgrade your plan or wait for the next cycle.'

function exhausted() {
  return new CreditsExhaustedError(EXHAUSTED)
}

/**
 * AI credits (docs/rules/billing.md#guard-order): pro 100, plus 500 per cycle, one per successful generation.
 * `assertAvailable` runs before a generation; `consume` runs inside the transaction that
 * persists the result and throws CreditsExhaustedError (403 CREDITS_EXHAUSTED) when no credit
 * is left; the sync's writer spends it with one conditional UPDATE. Whether credits are
 * counted at all is the plan policy's answer (plan_policy.ts: the development bypass).
 */
@inject()
export class CreditsService {
  constructor(private settings: BillingSettings) {}

  async assertAvailable(userId: number): Promise<void> {
    const policy = planPolicy(this.settings)
    if (!policy.meters) return
    const row = await subscriptionFor(userId)
    const used = await usageFor(userId, currentCycle(row))
    if (used >= policy.creditLimit(row.planSlug)) throw exhausted()
  }

  async consume(userId: number, trx?: TransactionClientContract): Promise<void> {
    const policy = planPolicy(this.settings)
    if (!policy.meters) return
    const client: QueryClientContract = trx ?? db.connection()
    const row = await subscriptionFor(userId, client)
    const limit = policy.creditLimit(row.planSlug)
    if (limit <= 0) throw exhausted()
    const usage = await ensureUsageRow(userId, row.planSlug, currentCycle(row), client)
    if (!(await spendCredit(usage.id, limit, client))) throw exhausted()
  }

  /** Used and limit of the current cycle (dashboards). */
  async summary(userId: number) {
    const row = await subscriptionFor(userId)
    const limit = planPolicy(this.settings).creditLimit(row.planSlug)
    const cycle = currentCycle(row)
    const used = await usageFor(userId, cycle)
    return {
      used,
      limit,
      remaining: Math.max(0, limit - used),
      period_start: cycle.start.toISO(),
      period_end: cycle.end.toISO(),
    }
  }
}
