import env from '#start/env'
import { redisUrlFrom } from '#start/redis_settings'

const text = (value: string | undefined) => value?.trim() || undefined

/** The price ids the catalog starts with when STRIPE_PRICE_PRO / STRIPE_PRICE_PLUS are unset. */
export const PLACEHOLDER_PRICE_IDS = { pro: 'price_pro_monthly', plus: 'price_plus_monthly' } as const

/**
 * Billing settings (docs/rules/billing.md#wire-fields): the Stripe client, the hosted pages' return addresses,
 * the default price ids and the development bypass. Read once at boot; services take them as BillingSettings.
 */
export const billingConfig = {
  stripeSecretKey: text(env.get('STRIPE_SECRET_KEY')),
  stripeWebhookSecret: text(env.get('STRIPE_WEBHOOK_SECRET')),
  /** Base address of a Stripe-compatible API (local test servers). */
  stripeApiUrl: text(env.get('STRIPE_API_URL')),
  checkoutSuccessUrl: text(env.get('PAYMENT_CHECKOUT_SUCCESS_URL')),
  checkoutCancelUrl: text(env.get('PAYMENT_CHECKOUT_CANCEL_URL')),
  portalReturnUrl: text(env.get('PAYMENT_PORTAL_RETURN_URL')),
  priceIds: {
    pro: text(env.get('STRIPE_PRICE_PRO')) || PLACEHOLDER_PRICE_IDS.pro,
    plus: text(env.get('STRIPE_PRICE_PLUS')) || PLACEHOLDER_PRICE_IDS.plus,
  },
  /** DEV_BYPASS_SUBSCRIPTION: skips the plan-access guard and credit deduction (docs/rules/ai.md#credits). */
  devBypassSubscription: env.get('DEV_BYPASS_SUBSCRIPTION') ?? false,
  /** REDIS_URL (QUEUE_REDIS_URL is the older alias): the webhook queue. */
  queueRedisUrl: redisUrlFrom({ REDIS_URL: env.get('REDIS_URL'), QUEUE_REDIS_URL: env.get('QUEUE_REDIS_URL') }),
}
