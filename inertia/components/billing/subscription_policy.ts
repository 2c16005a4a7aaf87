import type { SubscriptionView } from '#shared/api/billing'
import { formatDate } from '~/components/billing/format'

/*
| docs/rules/billing.md#mutations UI surface of a subscription: the status pill the page derives from the view
| and the renewal sentence. Which controls are allowed, and why not, comes with the view (`allowedActions`,
| app/services/billing/subscription_policy.ts).
*/
export type Pill = 'active' | 'past_due' | 'canceled' | 'expired' | 'paused' | 'ending'

/** The status pill the UI derives from the view (docs/rules/billing.md#mutations). */
export function pillOf(s: SubscriptionView): Pill {
  if (s.status === 'past_due') return 'past_due'
  if (s.status === 'canceled') return 'canceled'
  if (s.status === 'expired') return 'expired'
  if (s.pauseCollectionResumesAt) return 'paused'
  if (s.cancelAtPeriodEnd) return 'ending'
  return 'active'
}

export const PILL: Record<Pill, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-green-100 text-green-800' },
  past_due: { label: 'Past due', className: 'bg-red-100 text-red-800' },
  canceled: { label: 'Canceled', className: 'bg-slate-200 text-slate-800' },
  expired: { label: 'Expired', className: 'bg-slate-200 text-slate-800' },
  paused: { label: 'Paused', className: 'bg-amber-100 text-amber-800' },
  ending: { label: 'Ending', className: 'bg-amber-100 text-amber-800' },
}

export function renewalCopy(s: SubscriptionView) {
  const pill = pillOf(s)
  const date = formatDate(s.currentPeriodEnd)
  if (s.planSlug === 'free' && pill === 'active') return 'Basic is free. Upgrade any time for the AI study tools.'
  switch (pill) {
    case 'active':
      return date ? `Renews on ${date}.` : 'Renews monthly.'
    case 'ending':
      return date
        ? `Ends on ${date}. Turn auto-renew back on to keep your plan.`
        : 'Ends at the end of the billing period.'
    case 'paused':
      return `Payments are paused. Billing resumes on ${formatDate(s.pauseCollectionResumesAt)}.`
    case 'past_due':
      return s.requiresPaymentAction
        ? 'Your bank asks you to confirm the last payment (3D Secure). Complete verification to restore access.'
        : 'We could not charge your card. Update your card to restore access.'
    case 'canceled':
      return 'Your subscription was canceled and premium access has ended.'
    case 'expired':
      return 'Your subscription has expired and premium access has ended.'
  }
}
