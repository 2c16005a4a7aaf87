import { DomainError, errorWith } from '#exceptions/domain_error'

/**
 * Domain errors of billing (docs/rules/billing.md#mutations, docs/rules/billing.md#wire-fields); the handler
 * writes the contract body.
 */
export class BillingRuleError extends errorWith(400, 'BAD_REQUEST') {}

/**
 * The provider failed after the retries (docs/rules/billing.md#mutations): a safe message, never the provider's
 * text.
 */
export class BillingProviderError extends errorWith(500, 'INTERNAL_SERVER_ERROR') {}

export class BillingConflictError extends errorWith(409, 'CONFLICT') {}

/**
 * docs/rules/billing.md#mutations: without Stripe settings, payment actions answer at once (nothing is
 * retried).
 */
export class PaymentsNotConfiguredError extends errorWith(503, 'PAYMENTS_NOT_CONFIGURED') {}

export class PurchaseDocumentNotFoundError extends DomainError {
  constructor() {
    super(404, 'NOT_FOUND', 'Document not found')
  }
}

export class CreditsExhaustedError extends DomainError {
  constructor(message: string) {
    super(403, 'CREDITS_EXHAUSTED', message, { extra: { upgrade_url: '/pricing' } })
  }
}

/** A webhook the service cannot read (bad signature, malformed event): 400, never processed. */
export class WebhookRejectedError extends errorWith(400, 'BAD_REQUEST') {}

/** A webhook that could not be queued or processed: 500 so that the provider retries. */
export class WebhookRetryError extends errorWith(500, 'INTERNAL_SERVER_ERROR') {}

/**
 * The plan-access guard's refusals (docs/rules/billing.md#guard-order): an inactive subscription, or a plan
 * without the feature.
 */
export class PlanAccessError extends DomainError {
  constructor(message: string, extra: Record<string, unknown>) {
    super(403, 'FORBIDDEN', message, { extra })
  }
}
