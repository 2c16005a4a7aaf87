import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#exceptions/api_error'
import { planPolicy, type PlanFeature } from '#services/billing/plan_policy'
import { subscriptionForRequest } from '#services/billing/subscription_store'
import { BillingSettings } from '#services/billing/billing_settings'

export type { PlanFeature }

/**
 * The plan-access guard `planAccess({ feature })` (docs/rules/billing.md#guard-order): signed in (401), then
 * the plan policy's rules (app/services/billing/plan_policy.ts) on the user's local row. The
 * policy also says whether the guard runs at all (the development bypass).
 */
@inject()
export default class PlanAccessMiddleware {
  constructor(private settings: BillingSettings) {}

  async handle(ctx: HttpContext, next: NextFn, options: { feature?: PlanFeature } = {}) {
    const policy = planPolicy(this.settings)
    if (!policy.guards) return next()
    const auth = (ctx as Partial<HttpContext>).auth
    const user = auth?.user ?? (auth ? await auth.check().then(() => auth.user) : undefined)
    if (!user) throw ApiError.unauthorized()
    policy.admit(user, await subscriptionForRequest(ctx, user.id), options.feature)
    return next()
  }
}
