import app from '@adonisjs/core/services/app'
import type { BillingSettings } from '#services/billing/billing_settings'
import { PlanAccessError } from '#exceptions/billing_errors'
import { PLANS, planHas, type PlanFeature } from '#services/billing/plans'
import { assertEmailVerified } from '#services/accounts/email_verified_guard'

export type { PlanFeature }

export const UPGRADE_MESSAGE = 'AI tools are part of the Pro and Plus plans. Upgrade to use them.'
export const INACTIVE_MESSAGE = 'Your subscription is not active. Resolve payment in billing settings to continue.'

type SubscriptionFacts = { status: string; planSlug: string }
type UserFacts = { emailVerified: boolean | number | null | undefined }

/**
 * The plan and credit rules (docs/rules/billing.md#guard-order) that the plan-access guard and the credit
 * service both ask. `planPolicy(settings)` is the one place the development bypass is decided
 * (DEV_BYPASS_SUBSCRIPTION=true: the whole guard and every credit deduction are skipped).
 */
export type PlanPolicy = {
  /** Whether the plan-access guard runs at all (a skipped guard does not even ask for a user). */
  readonly guards: boolean
  /** Whether AI credits are checked and deducted. */
  readonly meters: boolean
  /** Throws the guard's refusal for a signed-in user's row and a route's feature. */
  admit(user: UserFacts, subscription: SubscriptionFacts, feature?: PlanFeature): void
  /** AI credits a plan grants per cycle. */
  creditLimit(planSlug: string): number
}

const creditLimit = (planSlug: string) => PLANS[planSlug as keyof typeof PLANS]?.aiCredits ?? 0

const ENFORCED: PlanPolicy = {
  guards: true,
  meters: true,
  // Order (docs/rules/billing.md#mutations): local status active → verified email for AI_CREDIT/UPLOAD → the
  // plan's feature.
  admit(user, subscription, feature) {
    if (subscription.status !== 'active') {
      throw new PlanAccessError(INACTIVE_MESSAGE, {
        subscription_status: subscription.status,
        billing_url: '/settings/billing',
      })
    }
    if (feature === 'AI_CREDIT' || feature === 'UPLOAD') assertEmailVerified(user)
    if (feature && !planHas(subscription.planSlug as keyof typeof PLANS, feature)) {
      throw new PlanAccessError(UPGRADE_MESSAGE, { upgrade_url: '/pricing' })
    }
  },
  creditLimit,
}

const BYPASSED: PlanPolicy = { guards: false, meters: false, admit() {}, creditLimit }

type BypassSetting = Pick<BillingSettings, 'devBypassSubscription'>

/** The policy of the caller's BillingSettings (injected, so tests may swap it). */
export function planPolicy(settings: BypassSetting): PlanPolicy {
  return settings.devBypassSubscription ? BYPASSED : ENFORCED
}

/** The app refuses to boot with the bypass on in production (docs/rules/billing.md#mutations). */
export function assertBypassAllowed(settings: BypassSetting) {
  if (!planPolicy(settings).guards && app.inProduction) {
    throw new Error('DEV_BYPASS_SUBSCRIPTION=true is not allowed when NODE_ENV=production. Unset it and restart.')
  }
}
