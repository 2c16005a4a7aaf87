import { usePage } from '@inertiajs/react'

/** Shared props every page receives (app/services/pages/shared_page_props.ts). */
export type SharedUser = {
  id: string
  email: string
  username: string | null
  email_verified: boolean
  role: 'user' | 'admin'
  created_at: string
}

export type SharedSubscription = {
  planSlug: 'free' | 'pro' | 'plus'
  status: 'active' | 'past_due' | 'canceled' | 'expired'
  requiresPaymentAction: boolean
  currentPeriodEnd: string | null
  pauseCollectionResumesAt: string | null
  /** The server's "active paid user" rule (billing/entitlements isActivePaid); never recomputed here. */
  isActivePaid: boolean
} | null

export type SharedProps = {
  app: { name: string; url: string }
  auth: { user: SharedUser | null }
  subscription: SharedSubscription
  ads: { publisherId: string; slotIds: string[]; scriptUrl: string }
  flash: { error: string | null; success: string | null }
}

export function useShared(): SharedProps {
  return usePage().props as unknown as SharedProps
}
