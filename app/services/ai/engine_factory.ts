import { inject } from '@adonisjs/core'
import { aiConfig } from '#config/ai'
import { createOpenAI } from '@ai-sdk/openai'
import { createAnthropic } from '@ai-sdk/anthropic'
import type { AiEngine } from '#services/ai/engine'
import { LocalEngine } from '#services/ai/local_engine'
import { HostedEngine } from '#services/ai/hosted_engine'
import { OffThreadEngine } from '#services/ai/off_thread_engine'
import { AiSettings } from '#services/ai/ai_settings'
import { ExtractionSettings } from '#services/documents/extraction_settings'
import { workerPool } from '#services/documents/document_reader'
import { scopeRanker, type ScopeRanker } from '#services/ai/scope_ranking'

/**
 * The engine chosen by AI_PROVIDER (docs/rules/ai.md#engines): `local` by default, its heavy
 * tools in the worker pool (on the main thread where worker threads are unavailable:
 * AI_EMBEDDINGS_INLINE). Resolved from the container; tests swap it (a spy, or a HostedEngine
 * over the SDK's mock model).
 */
@inject()
export class EngineFactory {
  constructor(
    private extraction: ExtractionSettings,
    private ai: AiSettings
  ) {}

  create(): AiEngine {
    const engine = resolveEngine()
    if (!(engine instanceof LocalEngine) || this.ai.embeddingsInline) return engine
    return new OffThreadEngine(engine, () => workerPool(this.extraction.pool), this.ai.localEngineTimeoutMs)
  }

  /** Q&A's ranking of a scope: a large one in the worker pool (scope_ranking.ts), whatever the engine. */
  scopeRanker(): ScopeRanker {
    const pool = this.ai.embeddingsInline ? null : () => workerPool(this.extraction.pool)
    return scopeRanker(pool, this.ai.localEngineTimeoutMs)
  }
}

export function resolveEngine(): AiEngine {
  const { provider, apiKey, model } = aiConfig
  switch (provider) {
    case 'openai':
      return new HostedEngine(createOpenAI({ apiKey })(model || 'gpt-4o-mini'), 'openai')
    case 'anthropic':
      return new HostedEngine(createAnthropic({ apiKey })(model || 'claude-3-5-haiku-latest'), 'anthropic')
    case 'openai-compatible':
      return new HostedEngine(
        createOpenAI({
          apiKey: apiKey || 'not-needed',
          baseURL: aiConfig.baseUrl,
          name: 'openai-compatible',
        }).chat(model || 'default'),
        'openai-compatible'
      )
    default:
      return new LocalEngine()
  }
}
