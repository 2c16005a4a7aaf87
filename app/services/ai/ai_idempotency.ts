import { createHash } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AiIdempotencyKey from '#models/ai_idempotency_key'
import { AiIdempotencyConflictError } from '#exceptions/ai_errors'

/** What a generation answered: the result, whether it created a record, whether it is a replay. */
export type ToolResult = { data: unknown; created: boolean; replayed: boolean }

/** An Idempotency-Key and the fingerprint of the request it came with. */
export type IdempotentRequest = { key: string; hash: string }

// The row keeps the answer's status code (its column predates this service): 201 for a
// created record, 200 for an answer.
const CREATED = 201
const ANSWERED = 200

/** JSON with sorted object keys, so `{ a, b }` and `{ b, a }` are one request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])])
    )
  return value
}

/** The request's fingerprint: the operation and its validated input (so `"3"` and `3` agree). */
export function idempotentRequest(key: string | null, operation: string, input: unknown): IdempotentRequest | null {
  if (!key) return null
  const hash = createHash('sha256')
    .update(JSON.stringify([operation, canonical(input ?? null)]))
    .digest('hex')
  return { key, hash }
}

/**
 * The Idempotency-Key store of the AI tools (docs/rules/ai.md#credits): one stored answer per user and key,
 * replayed as it was, without a second charge, to the same request only; the key sent with another tool or
 * body is 409.
 */
export class AiIdempotencyStore {
  async replay(userId: number, request: IdempotentRequest | null): Promise<ToolResult | null> {
    if (!request) return null
    const prior = await AiIdempotencyKey.query().where('user_id', userId).where('key', request.key).first()
    if (!prior) return null
    if (prior.requestHash !== null && prior.requestHash !== request.hash) throw new AiIdempotencyConflictError()
    return { data: JSON.parse(prior.response), created: prior.statusCode === CREATED, replayed: true }
  }

  async record(
    trx: TransactionClientContract,
    userId: number,
    request: IdempotentRequest,
    operation: string,
    result: Omit<ToolResult, 'replayed'>
  ) {
    await AiIdempotencyKey.create(
      {
        userId,
        key: request.key,
        operation,
        statusCode: result.created ? CREATED : ANSWERED,
        response: JSON.stringify(result.data),
        requestHash: request.hash,
      },
      { client: trx }
    )
  }
}
