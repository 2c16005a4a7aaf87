import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * AI credits (CONTRACT 4). PLACEHOLDER until the billing work (issue 6) implements it; keep
 * the signatures. `assertAvailable` runs before a generation; `consume` runs inside the
 * transaction that persists the result and throws ApiError 403 CREDITS_EXHAUSTED when no
 * credit is left (atomic, so concurrent calls never overspend). Both are no-ops when
 * DEV_BYPASS_SUBSCRIPTION=true.
 */
export class CreditsService {
  async assertAvailable(_userId: number): Promise<void> {}

  async consume(_userId: number, _trx?: TransactionClientContract): Promise<void> {}
}
