import Stripe from 'stripe'
import { inject } from '@adonisjs/core'
import { BillingSettings } from '#services/billing/billing_settings'
import { PaymentsNotConfiguredError } from '#exceptions/billing_errors'

/** The SDK client of the last key and address used (one client serves every request). */
let shared: { signature: string; client: Stripe } | null = null

/**
 * The Stripe SDK behind a small class resolved from the container (ARCHITECTURE habit 9), with the key and
 * address of the BillingSettings it was given (tests swap them to point STRIPE_API_URL at a local
 * Stripe-compatible server). docs/rules/billing.md#mutations: 10 s timeout, 3 retries with backoff, the
 * service's own idempotency keys, the SDK's pinned API version.
 */
@inject()
export class StripeClient {
  constructor(private settings: BillingSettings) {}

  /** Whether a secret key is configured (without one, provider calls cannot be made). */
  get configured() {
    return Boolean(this.settings.stripeSecretKey || this.settings.stripeApiUrl)
  }

  get api(): Stripe {
    const key = this.settings.stripeSecretKey || 'sk_test_unconfigured'
    const url = this.settings.stripeApiUrl
    const signature = `${key}|${url ?? ''}`
    if (shared?.signature !== signature) {
      const config: Stripe.StripeConfig = { maxNetworkRetries: 3, timeout: 10000, appInfo: { name: 'StudyHub' } }
      if (url) {
        const parsed = new URL(url)
        config.host = parsed.hostname
        config.port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80
        config.protocol = parsed.protocol === 'https:' ? 'https' : 'http'
      }
      shared = { signature, client: new Stripe(key, config) }
    }
    return shared.client
  }

  /** The webhook secrets; several may be listed comma-separated during a rotation. */
  webhookSecrets(): string[] {
    return (this.settings.stripeWebhookSecret || '')
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
