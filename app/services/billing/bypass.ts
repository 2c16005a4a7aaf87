import app from '@adonisjs/core/services/app'
import env from '#start/env'

/** DEV_BYPASS_SUBSCRIPTION=true skips the plan-access guard and credit deduction (SPEC A.7). */
export function subscriptionBypassed(): boolean {
  const raw = process.env.DEV_BYPASS_SUBSCRIPTION
  const value = raw !== undefined ? ['true', '1', 'yes', 'on'].includes(raw.trim().toLowerCase()) : Boolean(env.get('DEV_BYPASS_SUBSCRIPTION'))
  return value
}

/** The app refuses to boot with the bypass on in production (CONTRACT 12). */
export function assertBypassAllowed() {
  if (subscriptionBypassed() && (app.inProduction || process.env.NODE_ENV === 'production')) {
    throw new Error('DEV_BYPASS_SUBSCRIPTION=true is not allowed when NODE_ENV=production. Unset it and restart.')
  }
}
