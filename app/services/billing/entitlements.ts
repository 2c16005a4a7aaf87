import DocumentPurchase from '#models/document_purchase'
import { subscriptionFor } from '#services/billing/subscription_store'
import { isPaidPlan } from '#services/billing/plans'

/** Questions other areas ask billing (docs/rules/documents.md#access-states). */
export type PaidPlan = 'pro' | 'plus'

/** The one "active paid user" rule: a paid plan (pro or plus) whose local status is active. */
export function isActivePaid(row: {
  planSlug: string
  status: string
}): row is { planSlug: PaidPlan; status: 'active' } {
  return row.status === 'active' && isPaidPlan(row.planSlug)
}

/**
 * docs/rules/billing.md#mutations: a live paid subscription (active, past_due, paused or ending), the one a
 * user may not start a second checkout next to.
 */
export function hasLivePaidSubscription(row: { planSlug: string; status: string }): boolean {
  return row.planSlug !== 'free' && row.status !== 'canceled' && row.status !== 'expired'
}

/** The user's plan when it is a paid plan with local status active, else null. */
export async function activePaidPlan(userId: number): Promise<PaidPlan | null> {
  const row = await subscriptionFor(userId)
  return isActivePaid(row) ? row.planSlug : null
}

/** Whether the user bought this document (one-time purchase, docs/rules/documents.md#access-states). */
export async function hasPurchasedDocument(userId: number, documentId: number): Promise<boolean> {
  const row = await DocumentPurchase.query()
    .where('user_id', userId)
    .where('document_id', documentId)
    .select('id')
    .first()
  return Boolean(row)
}
