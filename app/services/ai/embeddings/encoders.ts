/**
 * Which encoder embeds queries and which runner embeds ingested chunks (config/ai.ts). Queries
 * are short (about 10 ms) and embedded in-process; ingest runs in the worker thread.
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type { Passage } from '#services/ai/engine'
import { createOpenAI } from '@ai-sdk/openai'
import { aiConfig } from '#config/ai'
import type { EmbeddingsSwitch } from '#services/ai/ai_settings'
import { HostedEncoder, UseLiteEncoder, type SentenceEncoder } from '#services/ai/embeddings/sentence_encoder'
import {
  InlineEmbeddingRunner,
  WorkerEmbeddingRunner,
  type EmbeddingRunner,
} from '#services/ai/embeddings/embedding_runner'

let local: UseLiteEncoder | null = null
let runner: { key: string; runner: EmbeddingRunner } | null = null

function hostedEncoder(): SentenceEncoder | null {
  const model = aiConfig.embeddingModel
  const provider = aiConfig.provider
  if (!model || (provider !== 'openai' && provider !== 'openai-compatible')) return null
  const openai = createOpenAI({
    apiKey: aiConfig.apiKey || 'not-needed',
    ...(provider === 'openai-compatible' ? { baseURL: aiConfig.baseUrl, name: 'openai-compatible' } : {}),
  })
  return new HostedEncoder(openai.embedding(model), `${provider}:${model}`.slice(0, 64))
}

/** The encoder of questions; null when the caller's AiSettings turn embeddings off (AI_EMBEDDINGS=off). */
export function queryEncoder(settings: EmbeddingsSwitch): SentenceEncoder | null {
  if (!settings.embeddingsEnabled) return null
  return hostedEncoder() ?? localEncoder()
}

function localEncoder() {
  return (local ??= new UseLiteEncoder())
}

export function ingestRunner(): EmbeddingRunner {
  const encoder = hostedEncoder()
  const key = encoder ? `inline:${encoder.id}` : aiConfig.embeddingsInline ? 'inline:local' : 'worker'
  if (runner?.key === key) return runner.runner
  void runner?.runner.close()
  const made = encoder
    ? new InlineEmbeddingRunner(encoder)
    : key === 'inline:local'
      ? new InlineEmbeddingRunner(localEncoder())
      : new WorkerEmbeddingRunner()
  if (!runner) app.terminating(() => closeRunners())
  runner = { key, runner: made }
  return made
}

export async function closeRunners() {
  await runner?.runner.close()
  runner = null
}

/**
 * The question's vector when some passage in scope has vectors, else null (lexical ranking).
 * An encoder failure (a hosted provider down) degrades to lexical ranking, never to an error.
 */
export async function embedQuery(
  settings: EmbeddingsSwitch,
  passages: Passage[],
  query: string
): Promise<Float32Array | null> {
  const encoder = queryEncoder(settings)
  if (!encoder || !passages.some((p) => p.vectors)) return null
  try {
    return (await encoder.embed([query]))[0] ?? null
  } catch (error) {
    logger.warn({ err: error }, 'query embedding failed; lexical ranking only')
    return null
  }
}
