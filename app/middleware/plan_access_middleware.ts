import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { planHas } from '#services/billing/plans'
import { subscriptionBypassed } from '#services/billing/bypass'
import { subscriptionForRequest } from '#services/billing/subscription_store'
import { assertEmailVerified } from '#services/accounts/email_verified_guard'

export type PlanFeature = 'AI_CREDIT' | 'UPLOAD'

export const UPGRADE_MESSAGE = 'AI tools are part of the Pro and Plus plans. Upgrade to use them.'
export const INACTIVE_MESSAGE = 'Your subscription is not active. Resolve payment in billing settings to continue.'

/**
 * The plan-access guard `planAccess({ feature })` (CONTRACT 4 and 12), in this order:
 * signed in (401) → local subscription status active (403 FORBIDDEN) → for AI_CREDIT/UPLOAD
 * a verified email (403 EMAIL_NOT_VERIFIED) → the plan has the feature (free on AI_CREDIT:
 * 403 FORBIDDEN with `upgrade_url`). DEV_BYPASS_SUBSCRIPTION=true skips the whole guard.
 */
export default class PlanAccessMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { feature?: PlanFeature } = {}) {
    if (subscriptionBypassed()) return next()
    const auth = (ctx as Partial<HttpContext>).auth
    const user = auth?.user ?? (auth ? await auth.check().then(() => auth.user) : undefined)
    if (!user) throw ApiError.unauthorized()

    const subscription = await subscriptionForRequest(ctx, user.id)
    if (subscription.status !== 'active') {
      throw ApiError.forbidden(INACTIVE_MESSAGE, { subscription_status: subscription.status, billing_url: '/settings/billing' })
    }
    if (options.feature === 'AI_CREDIT' || options.feature === 'UPLOAD') assertEmailVerified(user)
    if (options.feature && !planHas(subscription.planSlug, options.feature)) {
      throw ApiError.forbidden(UPGRADE_MESSAGE, { upgrade_url: '/pricing' })
    }
    return next()
  }
}
