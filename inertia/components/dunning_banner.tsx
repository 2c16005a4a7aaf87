/**
 * PLACEHOLDER owned by the billing work (issue 6): the sticky, per-session dismissable dunning
 * banner shown on all feature pages when the subscription is past_due. Rendered by AppLayout.
 */
export function DunningBanner() {
  return null
}
