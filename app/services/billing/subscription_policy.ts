import type { AllowedAction, AllowedActions } from '#shared/api/billing'

/**
 * docs/rules/billing.md#mutations UI policy table, written once (issue 24 item 4,
 * docs/rules/billing.md#mutations): which subscription mutation a subscriber may make now, each with the reason
 * a person reads when not allowed. The subscription view carries it (`allowedActions`) and /settings/billing
 * renders from it. It never allows what the mutation endpoints refuse
 * (tests/functional/billing/allowed_actions.spec.ts).
 */
type PolicyRow = {
  status: string
  planSlug: string
  cancelAtPeriodEnd: boolean
  pauseCollectionResumesAt: unknown
  paymentSubscriptionId: string | null
}

export const REASONS = {
  resolve: 'Resolve payment first',
  ended: 'Your subscription has ended. Re-subscribe from the pricing page.',
  free: 'You are on the free plan. Choose a paid plan from the pricing page first.',
  demo: 'This demo plan has no payment-provider subscription to change.',
  endingPlan: 'Turn auto-renew back on to change plans',
  endingPause: 'Turn auto-renew back on to pause',
  pausedPlan: 'Resume your subscription to change plans',
  alreadyPaused: 'Your subscription is already paused.',
  notPaused: 'Your subscription is not paused.',
  portalOff: 'Payments are not set up on this server, so there is no billing portal here. Nothing is charged.',
  portalDemo:
    'This demo plan was granted without a payment: there is no billing account to open, no card is charged and there is nothing to cancel.',
  portalFree: 'The billing portal opens once you have chosen a paid plan.',
} as const

const yes = { allowed: true, reason: null }
const no = (reason: string) => ({ allowed: false, reason })

export function allowedActions(row: PolicyRow): AllowedActions {
  const all = (reason: string) => ({
    changePlan: no(reason),
    autoRenew: no(reason),
    pause: no(reason),
    resume: no(reason),
  })
  if (row.status === 'canceled' || row.status === 'expired') return all(REASONS.ended)
  if (row.planSlug === 'free') return all(REASONS.free)
  // A paid row the provider does not hold (the seeded demo account): nothing to manage there.
  if (!row.paymentSubscriptionId) return all(REASONS.demo)
  if (row.status !== 'active') {
    // Past due: only turning a cancelled renewal back on is possible before payment.
    return { ...all(REASONS.resolve), autoRenew: row.cancelAtPeriodEnd ? yes : no(REASONS.resolve) }
  }
  if (row.pauseCollectionResumesAt) {
    return { changePlan: no(REASONS.pausedPlan), autoRenew: yes, pause: no(REASONS.alreadyPaused), resume: yes }
  }
  if (row.cancelAtPeriodEnd)
    return {
      changePlan: no(REASONS.endingPlan),
      autoRenew: yes,
      pause: no(REASONS.endingPause),
      resume: no(REASONS.notPaused),
    }
  return { changePlan: yes, autoRenew: yes, pause: yes, resume: no(REASONS.notPaused) }
}

/**
 * The billing portal (card, invoices, cancelling) on /settings/billing: it needs payments set up
 * on this server and a customer at the provider. Not part of the subscription view
 * (docs/rules/billing.md#mutations names four actions); the billing page receives it beside the view.
 */
export function portalAction(
  row: Pick<PolicyRow, 'planSlug'>,
  facts: { hasCustomer: boolean; paymentsConfigured: boolean }
): AllowedAction {
  if (!facts.paymentsConfigured) return no(REASONS.portalOff)
  if (!facts.hasCustomer) return no(row.planSlug === 'free' ? REASONS.portalFree : REASONS.portalDemo)
  return yes
}
