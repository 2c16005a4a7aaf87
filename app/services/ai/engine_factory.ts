import { aiConfig } from '#config/ai'
import { createOpenAI } from '@ai-sdk/openai'
import { createAnthropic } from '@ai-sdk/anthropic'
import type { AiEngine } from '#services/ai/engine'
import { LocalEngine } from '#services/ai/local_engine'
import { HostedEngine } from '#services/ai/hosted_engine'

/**
 * The engine chosen by AI_PROVIDER (docs/rules/ai.md#engines): `local` by default. Resolved
 * from the container; tests swap it (a spy, or a HostedEngine over the SDK's mock model).
 */
export class EngineFactory {
  create(): AiEngine {
    return resolveEngine()
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
