import app from '@adonisjs/core/services/app'
import { billingConfig } from '#config/billing'

/** DEV_BYPASS_SUBSCRIPTION=true skips the plan-access guard and credit deduction (SPEC A.7). */
export function subscriptionBypassed(): boolean {
  return billingConfig.devBypassSubscription
}

/** The app refuses to boot with the bypass on in production (CONTRACT 12). */
export function assertBypassAllowed() {
  if (subscriptionBypassed() && app.inProduction) {
    throw new Error('DEV_BYPASS_SUBSCRIPTION=true is not allowed when NODE_ENV=production. Unset it and restart.')
  }
}
