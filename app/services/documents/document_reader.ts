import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import extractionConfig from '#config/extraction'
import { ExtractionBusyError, UploadFileError } from '#exceptions/documents_errors'
import { WorkerPool, WorkerTaskError } from '#services/infra/worker_pool'
import type { DocumentKind } from '#services/documents/text_extractor'
import type { IngestedText } from '#services/documents/ingest'
import type { IngestPayload } from '#workers/tasks'

let shared: WorkerPool | null = null

/** The process's worker pool (created on first use, closed when the app terminates). */
export function workerPool(): WorkerPool {
  if (!shared) {
    const { size, maxQueue, heapMb } = extractionConfig.pool
    const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js'
    const pool = new WorkerPool({
      entry: new URL(`../../workers/pool_worker.${extension}`, import.meta.url),
      size,
      maxQueue,
      niceness: 19,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
    })
    shared = pool
    app.terminating(async () => {
      if (shared === pool) shared = null
      await pool.close()
    })
  }
  return shared
}

/** Closes the shared pool (tests that change the pool settings start a fresh one). */
export async function resetWorkerPool() {
  const pool = shared
  shared = null
  await pool?.close()
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

/**
 * Reads an uploaded file off the event loop (issue 23 item 2): extraction, normalisation
 * and chunking run in a worker thread with a time limit, a heap limit and the caps of
 * config/extraction.ts. Any refusal is a 400 on `file` naming the limit it hit.
 */
export class DocumentReader {
  async ingest(kind: DocumentKind, buffer: Buffer): Promise<IngestedText> {
    const timeoutMs = extractionConfig.timeoutMs
    const { heapMb } = extractionConfig.pool
    const payload: IngestPayload = { kind, bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), limits: extractionConfig.limits }
    try {
      return await workerPool().run<IngestedText>('ingest', payload, { timeoutMs })
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error
      switch (error.reason) {
        case 'error':
          if (error.remoteName === 'ExtractionRefusal') throw new UploadFileError(error.message, String(error.details?.rule ?? 'readable'))
          logger.warn({ err: error.message, kind }, 'reading an upload failed in the worker')
          throw new UploadFileError('The file could not be read.', 'readable')
        case 'timeout':
          throw new UploadFileError(`Reading the file took longer than ${seconds(timeoutMs)}.`, 'time')
        case 'memory':
          throw new UploadFileError(`Reading the file needed more than ${heapMb} MB of memory.`, 'memory')
        case 'busy':
          throw new ExtractionBusyError('Too many files are being read right now. Try again in a few seconds.', Math.ceil(timeoutMs / 1000))
        default:
          logger.warn({ err: error.message, kind }, 'the worker reading an upload stopped')
          throw new UploadFileError('The file could not be read.', 'readable')
      }
    }
  }
}
