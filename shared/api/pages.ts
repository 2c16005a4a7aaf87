import type { SerializedUser } from '#shared/api/users'

/** The signed-in user's subscription as every page sees it (the shared `subscription` prop). */
export type SubscriptionSummary = {
  planSlug: 'free' | 'pro' | 'plus'
  status: 'active' | 'past_due' | 'canceled' | 'expired'
  requiresPaymentAction: boolean
  currentPeriodEnd: string | null
  pauseCollectionResumesAt: string | null
}

/** With the server's one "active paid user" answer (billing/entitlements), never recomputed. */
export type SharedSubscription = SubscriptionSummary & { isActivePaid: boolean }

/** Props every page receives (app/services/pages/shared_page_props.ts). */
export type SharedPageProps = {
  app: { name: string; url: string }
  auth: { user: SerializedUser | null }
  subscription: SharedSubscription | null
  ads: { publisherId: string; slotIds: string[]; scriptUrl: string }
  flash: { error: string | null; success: string | null }
}
