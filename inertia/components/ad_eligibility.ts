/**
 * docs/rules/flags.md#ads "Ad eligibility", as pure functions (no React, no imports) so the rules are unit
 * tested on their own. AdSlot combines them with the runtime state (flag, script).
 */
export const AD_PLACEMENTS = ['home', 'courses_index', 'course_detail', 'document_detail'] as const
export type AdPlacementName = (typeof AD_PLACEMENTS)[number]

/** Never on sign-in, sign-up, pricing, checkout or billing flows (docs/rules/flags.md#ads). */
const SUPPRESSED_PATHS = [
  /^\/login(\/|$)/,
  /^\/signup(\/|$)/,
  /^\/pricing(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/billing(\/|$)/,
  /^\/settings\/billing(\/|$)/,
  /^\/subscriptions?(\/|$)/,
]

export function isPlacementAllowed(placement: string): placement is AdPlacementName {
  return (AD_PLACEMENTS as readonly string[]).includes(placement)
}

export function isPathSuppressed(pathname: string | null | undefined): boolean {
  if (!pathname) return false
  return SUPPRESSED_PATHS.some((re) => re.test(pathname))
}

/** The `subscription` shared prop: `isActivePaid` is the server's rule, not recomputed here. */
export type AdSubscriptionInput = { isActivePaid?: boolean } | null | undefined

/**
 * 'free' (may see ads), 'paid' (an active pro or plus user: never), 'unknown' (a signed-in
 * user whose subscription is not known yet: hidden until it is). Anonymous visitors are free.
 */
export function subscriptionAdState(signedIn: boolean, subscription: AdSubscriptionInput): 'free' | 'paid' | 'unknown' {
  if (subscription && typeof subscription === 'object') return subscription.isActivePaid ? 'paid' : 'free'
  return signedIn ? 'unknown' : 'free'
}

/** The slot id a placement uses: `placement=id` pairs when given, else the list in order. */
export function slotIdFor(placement: AdPlacementName, slotIds: string[]): string | null {
  const ids = slotIds.map((s) => s.trim()).filter(Boolean)
  if (ids.length === 0) return null
  const named = ids.find((s) => s.startsWith(`${placement}=`) || s.startsWith(`${placement}:`))
  if (named) return named.slice(placement.length + 1) || null
  const plain = ids.filter((s) => !/^[a-z_]+[=:]/.test(s))
  if (plain.length === 0) return null
  return plain[AD_PLACEMENTS.indexOf(placement) % plain.length]
}

export type AdEligibilityInput = {
  placement: string
  pathname: string | null | undefined
  /** null while GET /api/feature-flags/status/enable_ads is loading */
  flagEnabled: boolean | null
  signedIn: boolean
  subscription: AdSubscriptionInput
  slotIds: string[]
  publisherId: string | null | undefined
  scriptUrl: string | null | undefined
  /** 'loading' | 'loaded' | 'failed' | 'idle' */
  scriptState: string
}

/** Everything but the script: decides whether the slot may start loading the provider script. */
export function adPreconditions(input: Omit<AdEligibilityInput, 'scriptState'>): boolean {
  if (!isPlacementAllowed(input.placement)) return false
  if (isPathSuppressed(input.pathname)) return false
  if (input.flagEnabled !== true) return false
  if (subscriptionAdState(input.signedIn, input.subscription) !== 'free') return false
  if (!input.publisherId || !input.scriptUrl) return false
  return slotIdFor(input.placement, input.slotIds) !== null
}

/** docs/rules/flags.md#ads "Ad eligibility": all must hold, and the provider script must have loaded. */
export function isAdEligible(input: AdEligibilityInput): boolean {
  return adPreconditions(input) && input.scriptState === 'loaded'
}
