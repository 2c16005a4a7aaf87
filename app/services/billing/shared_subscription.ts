import logger from '@adonisjs/core/services/logger'
import { subscriptionFor } from '#services/billing/subscription_store'

export type SubscriptionSummary = {
  planSlug: 'free' | 'pro' | 'plus'
  status: 'active' | 'past_due' | 'canceled' | 'expired'
  requiresPaymentAction: boolean
  currentPeriodEnd: string | null
  pauseCollectionResumesAt: string | null
}

/** The `subscription` shared page prop (dunning banner, ads gating). Never fails a page render. */
export async function subscriptionSummary(userId: number): Promise<SubscriptionSummary | null> {
  try {
    const row = await subscriptionFor(userId)
    return {
      planSlug: row.planSlug,
      status: row.status,
      requiresPaymentAction: row.statusReason === 'payment_action_required' && row.status !== 'active',
      currentPeriodEnd: row.currentPeriodEnd ? row.currentPeriodEnd.toUTC().toISO({ suppressMilliseconds: true }) : null,
      pauseCollectionResumesAt: row.pauseCollectionResumesAt ? row.pauseCollectionResumesAt.toUTC().toISO({ suppressMilliseconds: true }) : null,
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not load the subscription summary')
    return null
  }
}
