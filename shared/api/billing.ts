/**
 * One action of the subscription view (docs/rules/billing.md#mutations): the reason is what a person reads when
 * not allowed.
 */
export type AllowedAction = { allowed: boolean; reason: string | null }

/**
 * docs/rules/billing.md#mutations: the subscription mutations allowed now
 * (app/services/billing/subscription_policy.ts).
 */
export type AllowedActions = {
  changePlan: AllowedAction
  autoRenew: AllowedAction
  pause: AllowedAction
  resume: AllowedAction
}

/**
 * The subscription view (docs/rules/billing.md#wire-fields): GET /api/subscriptions/my-subscription and every
 * mutation.
 */
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
  allowedActions: AllowedActions
}

/** docs/rules/billing.md#mutations: the card on file, or null. */
export type PaymentMethodView = { brand: string; last4: string; exp_month: number; exp_year: number } | null

/**
 * docs/rules/billing.md#mutations: one of the last invoices (GET /api/subscriptions/invoices answers a bare
 * array).
 */
export type InvoiceView = {
  id: string
  number: string | null
  status: string | null
  currency: string
  amount_due: number
  amount_paid: number
  created_at: string | null
  hosted_invoice_url: string | null
}

/** One one-time document purchase (docs/rules/documents.md#access-states), as the billing page lists them. */
export type PurchaseView = {
  id: string
  document: { id: string; slug: string; title: string } | null
  amount: number
  currency: string
  created_at: string
}

/** POST /api/subscriptions/preview-proration (docs/rules/billing.md#wire-fields). */
export type ProrationPreview = { amount_due: number; currency: string; approximate: boolean }
