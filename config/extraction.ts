import { availableParallelism } from 'node:os'
import env from '#start/env'

type NumberKey = 'WORKER_POOL_SIZE' | 'WORKER_POOL_MAX_QUEUE' | 'WORKER_HEAP_MB' | 'EXTRACT_TIMEOUT_MS' | 'EXTRACT_MAX_PAGES' | 'EXTRACT_MAX_INFLATED_MB' | 'EXTRACT_MAX_CHARACTERS'
const setting = (key: NumberKey, fallback: number, min = 1) => {
  const value = Number(env.get(key) ?? fallback)
  return Number.isFinite(value) && value >= min ? value : fallback
}

/**
 * Reading uploaded files (issue 23 item 2, CONTRACT 15): done by a pool of worker threads,
 * with a time limit and caps per file. Read when used, so tests can change them. Defaults and
 * their reasons: docs/decisions.md.
 */
const extractionConfig = {
  get pool() {
    return {
      /** Worker threads reading files at once (one core stays with the event loop). */
      size: setting('WORKER_POOL_SIZE', Math.min(2, Math.max(1, availableParallelism() - 1))),
      /** Files waiting for a worker; one more answers 503 with Retry-After. */
      maxQueue: setting('WORKER_POOL_MAX_QUEUE', 8, 0),
      /** V8 heap of each worker (MB); a file that needs more fails with a clear message. */
      heapMb: setting('WORKER_HEAP_MB', 512),
    }
  },
  /** Time to read one file, in ms (the worker is terminated after it). */
  get timeoutMs() {
    return setting('EXTRACT_TIMEOUT_MS', 10_000)
  },
  /** Caps per file (the shape of ExtractionLimits, app/services/documents/extraction_limits.ts). */
  get limits() {
    return {
      maxPages: setting('EXTRACT_MAX_PAGES', 500),
      maxInflatedBytes: setting('EXTRACT_MAX_INFLATED_MB', 32) * 1024 * 1024,
      maxCharacters: setting('EXTRACT_MAX_CHARACTERS', 1_000_000),
    }
  },
}

export default extractionConfig
