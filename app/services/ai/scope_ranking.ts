import { AiBusyError } from '#exceptions/ai_errors'
import { rankPassages, type Retrieval } from '#services/ai/retrieval'
import { WorkerTaskError, type WorkerPool } from '#services/infra/worker_pool'
import type { Passage } from '#services/ai/engine'
import type { RankPayload } from '#workers/tasks'

/**
 * Scopes under this many characters are ranked on the event loop: tens of milliseconds, about what
 * sending them to a worker and back costs. MAX_TOTAL_CHARACTERS (60,000) is the usual scope.
 */
export const INLINE_RANK_CHARACTERS = 100_000

/**
 * Q&A's ranking of every chunk in scope (`rankPassages`). A scope may hold 50 documents of up to a
 * million characters each: seven Debian changelogs (5.2 MB) held the event loop 1–2.3 s per question,
 * so a larger scope is ranked in the worker pool, like the other tools' generation
 * (off_thread_engine.ts). Busy or over time → 503 with Retry-After, nothing charged.
 */
export type ScopeRanker = (passages: Passage[], query: string, queryVector: Float32Array | null) => Promise<Retrieval>

/** The ranker the tools get (EngineFactory.scopeRanker): in the pool, or inline without worker threads. */
export function scopeRanker(pool: (() => WorkerPool) | null, timeoutMs: number): ScopeRanker {
  return (passages, query, queryVector) => rankScope(passages, query, queryVector, pool, timeoutMs)
}

async function rankScope(
  passages: Passage[],
  query: string,
  queryVector: Float32Array | null,
  pool: (() => WorkerPool) | null,
  timeoutMs: number
) {
  const size = passages.reduce((sum, p) => sum + p.text.length, 0)
  if (!pool || size < INLINE_RANK_CHARACTERS) return rankPassages(passages, query, queryVector)
  try {
    return await pool().run<Retrieval>('rank', { passages, query, queryVector } satisfies RankPayload, { timeoutMs })
  } catch (error) {
    if (error instanceof WorkerTaskError && (error.reason === 'busy' || error.reason === 'timeout'))
      throw new AiBusyError(error.reason === 'busy' ? 5 : 30)
    throw error
  }
}
