import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { VineValidator } from '@vinejs/vine'
import type { AiEngine } from '#services/ai/engine'
import type { EmbeddingsSwitch } from '#services/ai/ai_settings'
import type { ToolResult } from '#services/ai/ai_idempotency'
import type { ScopeRanker } from '#services/ai/scope_ranking'

/** What a tool gets from the generation frame: the caller, the engine (resolved once per request). */
export type ToolContext = {
  userId: number
  engine: AiEngine
  /** The request's AiSettings (whether questions are embedded). */
  ai: EmbeddingsSwitch
  /** Ranks a scope's passages for a question (a large scope off the event loop). */
  rank: ScopeRanker
  /** An empty result: 422 from the local engine (too little text), 500 from a hosted model. */
  empty(what: string): never
}

export type Persisted = Omit<ToolResult, 'replayed'>

/**
 * One AI tool (issue 25 item 4): its id, validator and the three steps the generation frame
 * (AiToolsService.run: idempotency, credits, transaction) calls in order. A new tool is one
 * file and one line in registry.ts.
 */
export interface AiTool<Input = any, Prepared = any, Result = any> {
  readonly id: string
  /** The idempotency record's operation. */
  readonly operation: string
  readonly validator: VineValidator<any, any>
  /**
   * Scope and checks, before any replay or charge (docs/rules/billing.md#guard-order order); `answer` is sent
   * free.
   */
  prepare(ctx: ToolContext, input: Input): Promise<{ prepared: Prepared } | { answer: unknown }>
  /** The model call and the check of its result. */
  produce(ctx: ToolContext, prepared: Prepared): Promise<Result>
  /** The rows of the result, written in the frame's transaction; the JSON to answer. */
  persist(ctx: ToolContext, prepared: Prepared, result: Result, trx: TransactionClientContract): Promise<Persisted>
  /** A result worth nothing (Q&A not found) is answered with this body and never charged. */
  free?(result: Result): unknown | null
}

export function defineTool<Input, Prepared, Result>(tool: AiTool<Input, Prepared, Result>) {
  return tool
}
