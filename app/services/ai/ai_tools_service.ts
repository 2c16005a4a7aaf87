import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { DomainError } from '#exceptions/domain_error'
import { AiModelFailedError, AiScopeEmptyError } from '#exceptions/ai_errors'
import { CreditsService } from '#services/billing/credits_service'
import { AiSettings } from '#services/ai/ai_settings'
import {
  AiIdempotencyStore,
  idempotentRequest,
  type IdempotentRequest,
  type ToolResult,
} from '#services/ai/ai_idempotency'
import { AiEngineError, type AiEngine } from '#services/ai/engine'
import { EngineFactory } from '#services/ai/engine_factory'
import type { ScopeRanker } from '#services/ai/scope_ranking'
import { isUniqueViolation } from '#services/database/unique_violation'
import type { AiTool, Persisted, ToolContext } from '#services/ai/tools/tool'
import { courseTool, type CourseInput } from '#services/ai/tools/course'

export type { ToolResult } from '#services/ai/ai_idempotency'

/**
 * The generation frame of every AI tool (docs/rules/ai.md#tools, docs/rules/billing.md#guard-order; issue 25
 * item 4): the tool's `prepare` (scope) → replay of an Idempotency-Key → credits check → the tool's `produce`
 * (one model call, its result checked) → one transaction that persists it, consumes the credit and records the
 * key's answer. A failed or empty generation persists nothing and costs nothing; a replayed key answers the
 * stored response without a second charge. The tools live in tools/, one module each; the engine is resolved
 * once per service.
 */
@inject()
export class AiToolsService {
  private readonly engine: AiEngine
  private readonly rank: ScopeRanker

  constructor(
    private credits: CreditsService,
    private idempotency: AiIdempotencyStore,
    engines: EngineFactory,
    private ai: AiSettings
  ) {
    this.engine = engines.create()
    this.rank = engines.scopeRanker()
  }

  async run<Input>(userId: number, tool: AiTool<Input>, input: Input, key: string | null): Promise<ToolResult> {
    const ctx: ToolContext = {
      userId,
      engine: this.engine,
      ai: this.ai,
      rank: this.rank,
      empty: (what) => this.empty(what),
    }
    const first = await tool.prepare(ctx, input)
    if ('answer' in first) return { data: first.answer, created: false, replayed: false }
    return this.generate(
      userId,
      tool.operation,
      idempotentRequest(key, tool.operation, input),
      () => tool.produce(ctx, first.prepared),
      (result, trx) => tool.persist(ctx, first.prepared, result, trx),
      tool.free
    )
  }

  generateCourse(userId: number, input: CourseInput, key: string | null): Promise<ToolResult> {
    return this.run(userId, courseTool, input, key)
  }

  private async generate<T>(
    userId: number,
    operation: string,
    request: IdempotentRequest | null,
    produce: () => Promise<T>,
    persist: (result: T, trx: TransactionClientContract) => Promise<Persisted>,
    free?: (result: T) => unknown | null
  ): Promise<ToolResult> {
    const prior = await this.idempotency.replay(userId, request)
    if (prior) return prior
    await this.credits.assertAvailable(userId)
    let result: T
    try {
      result = await produce()
    } catch (error) {
      if (error instanceof DomainError) throw error
      if (error instanceof AiEngineError) {
        logger.warn({ operation, reason: error.message }, 'AI engine answer rejected')
      } else {
        logger.error({ err: error, operation }, 'AI engine failed')
      }
      throw new AiModelFailedError()
    }
    const uncharged = free?.(result)
    if (uncharged) return { data: uncharged, created: false, replayed: false }
    try {
      return await db.transaction(async (trx) => {
        const outcome = await persist(result, trx)
        await this.credits.consume(userId, trx)
        if (request) await this.idempotency.record(trx, userId, request, operation, outcome)
        return { ...outcome, replayed: false }
      })
    } catch (error) {
      const replay = request && isUniqueViolation(error) ? await this.idempotency.replay(userId, request) : null
      if (replay) return replay
      throw error
    }
  }

  /**
   * An empty result from the local engine means the scope had too little usable text (422);
   * from a hosted model it is an unusable answer (docs/rules/ai.md#tools: 500, nothing persisted).
   */
  private empty(what: string): never {
    if (this.engine.name !== 'local') {
      logger.warn({ what, engine: this.engine.name }, 'AI engine answer rejected: empty result')
      throw new AiModelFailedError()
    }
    throw new AiScopeEmptyError(
      `Could not find enough usable text in this scope to build ${what}. Nothing was charged.`
    )
  }
}
