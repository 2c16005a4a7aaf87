import { liveBoolean, liveText } from '#config/live_env'
import { redisUrlFrom } from '#start/redis_settings'

/**
 * Billing settings (docs/rules/billing.md#wire-fields): the Stripe client, the hosted pages' return addresses,
 * the default price ids and the development bypass. Read when used (config/live_env.ts).
 */
export const billingConfig = {
  get stripeSecretKey() {
    return liveText('STRIPE_SECRET_KEY')
  },
  get stripeWebhookSecret() {
    return liveText('STRIPE_WEBHOOK_SECRET')
  },
  /** Base address of a Stripe-compatible API (local test servers). */
  get stripeApiUrl() {
    return liveText('STRIPE_API_URL')
  },
  get checkoutSuccessUrl() {
    return liveText('PAYMENT_CHECKOUT_SUCCESS_URL')
  },
  get checkoutCancelUrl() {
    return liveText('PAYMENT_CHECKOUT_CANCEL_URL')
  },
  get portalReturnUrl() {
    return liveText('PAYMENT_PORTAL_RETURN_URL')
  },
  get priceIds() {
    return {
      pro: liveText('STRIPE_PRICE_PRO') || 'price_pro_monthly',
      plus: liveText('STRIPE_PRICE_PLUS') || 'price_plus_monthly',
    }
  },
  /** DEV_BYPASS_SUBSCRIPTION: skips the plan-access guard and credit deduction (docs/rules/ai.md#credits). */
  get devBypassSubscription() {
    return liveBoolean('DEV_BYPASS_SUBSCRIPTION')
  },
  /** REDIS_URL (QUEUE_REDIS_URL is the older alias): the webhook queue. */
  get queueRedisUrl() {
    return redisUrlFrom({ REDIS_URL: liveText('REDIS_URL'), QUEUE_REDIS_URL: liveText('QUEUE_REDIS_URL') })
  },
}
