import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { lockSubscription, setPlan } from '#services/billing/subscription_store'

/**
 * Puts a user on a plan locally (operators' `node ace user:create --plan`, seeders): status
 * active, a monthly cycle from now. No provider call: a paid plan assigned this way has no
 * Stripe subscription until the user checks out.
 */
export async function assignPlan(userId: number, plan: 'free' | 'pro' | 'plus'): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await lockSubscription(userId, trx)
    await setPlan(row, plan, trx)
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
    row.useTransaction(trx)
    await row.save()
  })
}
