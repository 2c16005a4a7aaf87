import logger from '@adonisjs/core/services/logger'
import { appUrl } from '#config/app'
import type { BillingSettings } from '#services/billing/billing_settings'
import { DomainError } from '#exceptions/domain_error'
import { BillingProviderError } from '#exceptions/billing_errors'

/*
| What every billing call to the provider shares: the idempotency minute, the hosted pages'
| return addresses and the safe failure after the SDK's retries (docs/rules/billing.md#mutations).
*/
export const PROVIDER_FAILURE = 'The payment provider could not be reached. Please try again in a moment.'

/** `<minute>` of the idempotency keys: floor(epoch_ms / 60000) (docs/rules/billing.md#mutations). */
export function idempotencyMinute(now = Date.now()) {
  return Math.floor(now / 60000)
}

/** Appends `&upgraded=<slug>` to the success URL (`?` when it has no query yet). */
export function successUrlFor(settings: BillingSettings, slug: string) {
  const base = settings.checkoutSuccessUrl || `${appUrl}/settings/billing?session_id={CHECKOUT_SESSION_ID}`
  return `${base}${base.includes('?') ? '&' : '?'}upgraded=${encodeURIComponent(slug)}`
}

export function cancelUrl(settings: BillingSettings) {
  return settings.checkoutCancelUrl || `${appUrl}/pricing`
}

export function portalReturnUrl(settings: BillingSettings) {
  return settings.portalReturnUrl || `${appUrl}/settings/billing`
}

/** The loggable part of a Stripe SDK error (type, code, HTTP status), never its message or body. */
export function stripeErrorFields(error: unknown): { type?: string; code?: string; statusCode?: number } {
  const e = (error ?? {}) as { type?: string; code?: string; statusCode?: number }
  return { type: e.type, code: e.code, statusCode: e.statusCode }
}

/**
 * Runs a provider call; after the SDK's retries a failure becomes a safe 500 (docs/rules/billing.md#mutations).
 */
export async function provider<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof DomainError) throw error
    logger.error({ err: stripeErrorFields(error), operation }, 'billing provider call failed')
    throw new BillingProviderError(PROVIDER_FAILURE)
  }
}
