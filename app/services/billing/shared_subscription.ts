import { iso } from '#transformers/iso'
import logger from '@adonisjs/core/services/logger'
import { subscriptionFor, subscriptionForRequest } from '#services/billing/subscription_store'

import type { SubscriptionSummary } from '#shared/api/pages'

export type { SubscriptionSummary }

/**
 * The `subscription` shared page prop (dunning banner, ads gating). Never fails a page render.
 * With the request's `ctx` it reuses the row the guard or the controller already read.
 */
export async function subscriptionSummary(userId: number, ctx?: object): Promise<SubscriptionSummary | null> {
  try {
    const row = await (ctx ? subscriptionForRequest(ctx, userId) : subscriptionFor(userId))
    return {
      planSlug: row.planSlug,
      status: row.status,
      requiresPaymentAction: row.statusReason === 'payment_action_required' && row.status !== 'active',
      currentPeriodEnd: iso(row.currentPeriodEnd),
      pauseCollectionResumesAt: iso(row.pauseCollectionResumesAt),
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not load the subscription summary')
    return null
  }
}
