/** The subscription view (CONTRACT 8): GET /api/subscriptions/my-subscription and every mutation. */
export type SubscriptionView = {
  status: 'active' | 'past_due' | 'canceled' | 'expired'
  statusReason: string | null
  requiresPaymentAction: boolean
  planSlug: 'free' | 'pro' | 'plus'
  planName: string
  price: number
  currency: string
  billingInterval: string
  currentPeriodEnd: string | null
  cancelAtPeriodEnd: boolean
  pauseCollectionResumesAt: string | null
  limits: { aiCredits: number }
  usage: { aiCredits: number }
}
