import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AiIdempotencyKey from '#models/ai_idempotency_key'

/** What a generation answered: the result, whether it created a record, whether it is a replay. */
export type ToolResult = { data: unknown; created: boolean; replayed: boolean }

// The row keeps the answer's status code (its column predates this service): 201 for a
// created record, 200 for an answer.
const CREATED = 201
const ANSWERED = 200

/**
 * The Idempotency-Key store of the AI tools (docs/rules/ai.md#tools): one stored answer per user and key,
 * replayed as it was, without a second charge.
 */
export class AiIdempotencyStore {
  async replay(userId: number, key: string | null): Promise<ToolResult | null> {
    if (!key) return null
    const prior = await AiIdempotencyKey.query().where('user_id', userId).where('key', key).first()
    if (!prior) return null
    return { data: JSON.parse(prior.response), created: prior.statusCode === CREATED, replayed: true }
  }

  async record(
    trx: TransactionClientContract,
    userId: number,
    key: string,
    operation: string,
    result: Omit<ToolResult, 'replayed'>
  ) {
    await AiIdempotencyKey.create(
      {
        userId,
        key,
        operation,
        statusCode: result.created ? CREATED : ANSWERED,
        response: JSON.stringify(result.data),
      },
      { client: trx }
    )
  }
}
