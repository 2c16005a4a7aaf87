import { appUrl } from '#config/app'
import { adsConfig } from '#config/ads'
import type { AdsSettings } from '#services/pages/ads_settings'
import type User from '#models/user'
import { serializeUser } from '#transformers/user_transformer'
import { isActivePaid } from '#services/billing/entitlements'
import type { SharedPageProps, SharedSubscription, SubscriptionSummary } from '#shared/api/pages'

export type { SharedPageProps, SharedSubscription }

export type SharedPageInput = {
  user: User | null
  /** The user's subscription summary (null when signed out or when it could not be read). */
  subscription: SubscriptionSummary | null
  flash: { error?: string | null; success?: string | null }
  /** The ad settings of the request (the Inertia middleware's injected AdsSettings); boot values if omitted. */
  ads?: Pick<AdsSettings, 'publisherId' | 'slotIds' | 'scriptUrl'>
}

/**
 * Props every page receives, built from what the Inertia middleware read off the request.
 * `subscription.isActivePaid` is the server's rule (billing/entitlements), so pages never
 * decide "active paid" themselves (ads, the AI tools' upgrade prompt).
 */
export function sharedPageProps(input: SharedPageInput): SharedPageProps {
  const { user, subscription, ads = adsConfig } = input
  const activePaid = Boolean(user && subscription && isActivePaid(subscription))
  return {
    app: { name: 'StudyHub', url: appUrl },
    auth: { user: user ? serializeUser(user) : null },
    subscription: user && subscription ? { ...subscription, isActivePaid: activePaid } : null,
    // An active paid user's pages carry no slot and no script address (docs/rules/flags.md#ads): no
    // client slip can load an ad for them. The publisher id stays for the account meta tag.
    ads: activePaid
      ? { publisherId: ads.publisherId, slotIds: [], scriptUrl: '' }
      : { publisherId: ads.publisherId, slotIds: ads.slotIds, scriptUrl: ads.scriptUrl },
    flash: { error: input.flash.error ?? null, success: input.flash.success ?? null },
  }
}
