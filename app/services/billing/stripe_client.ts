import Stripe from 'stripe'
import { billingConfig } from '#config/billing'
import { PaymentsNotConfiguredError } from '#exceptions/billing_errors'

/**
 * The Stripe SDK behind a small class resolved from the container (ARCHITECTURE habit 9).
 * Settings come from config/billing.ts when used, so tests can point STRIPE_API_URL at a
 * local Stripe-compatible server after boot. docs/rules/billing.md#mutations: 10 s timeout, 3 retries with
 * backoff, the service's own idempotency keys, the SDK's pinned API version.
 */
export class StripeClient {
  #client: Stripe | null = null
  #signature = ''

  /** Whether a secret key is configured (without one, provider calls cannot be made). */
  get configured() {
    return Boolean(billingConfig.stripeSecretKey || billingConfig.stripeApiUrl)
  }

  get api(): Stripe {
    const key = billingConfig.stripeSecretKey || 'sk_test_unconfigured'
    const url = billingConfig.stripeApiUrl
    const signature = `${key}|${url ?? ''}`
    if (!this.#client || signature !== this.#signature) {
      const config: Stripe.StripeConfig = { maxNetworkRetries: 3, timeout: 10000, appInfo: { name: 'StudyHub' } }
      if (url) {
        const parsed = new URL(url)
        config.host = parsed.hostname
        config.port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80
        config.protocol = parsed.protocol === 'https:' ? 'https' : 'http'
      }
      this.#client = new Stripe(key, config)
      this.#signature = signature
    }
    return this.#client
  }

  /** The webhook secrets; several may be listed comma-separated during a rotation. */
  webhookSecrets(): string[] {
    return (billingConfig.stripeWebhookSecret || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  }
}

/** PAYMENTS_NOT_CONFIGURED before any provider call of a payment action. */
export function requireConfigured(client: StripeClient): StripeClient {
  if (!client.configured) {
    throw new PaymentsNotConfiguredError(
      'Payments are not set up on this StudyHub server yet, so plans and documents cannot be bought here. Nothing was charged.'
    )
  }
  return client
}
