import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { inject } from '@adonisjs/core'
import { ExtractionSettings } from '#services/documents/extraction_settings'
import { ExtractionBusyError, UploadFileError } from '#exceptions/documents_errors'
import { WorkerPool, WorkerTaskError } from '#services/infra/worker_pool'
import type { DocumentKind } from '#services/documents/text_extractor'
import type { IngestedText } from '#services/documents/ingest'
import type { IngestPayload, IngestResult } from '#workers/tasks'
import type { OcrPayload, OcrProgress } from '#services/documents/ocr_pages'

let shared: WorkerPool | null = null

/**
 * The process's worker pool (created on first use with the pool settings of that caller, closed when the app
 * terminates).
 */
export function workerPool(settings: ExtractionSettings['pool']): WorkerPool {
  if (!shared) {
    const { size, maxQueue, heapMb } = settings
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

/** What the shared pool is doing (idle when none was started yet). */
export function workerPoolStats() {
  return shared?.stats ?? { workers: 0, busy: 0, queued: 0 }
}

/** Closes the shared pool (tests that swap the pool settings start a fresh one). */
export async function resetWorkerPool() {
  const pool = shared
  shared = null
  await pool?.close()
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

export type ReadOptions = {
  /** enable_ocr_processing: recognise PDF pages that have no text layer. */
  ocr?: boolean
  /** Told before each scanned page is recognised. */
  onProgress?: (progress: OcrProgress) => void
}

/**
 * Reads an uploaded file off the event loop (issue 23 item 2): extraction, normalisation
 * and chunking run in a worker thread with a time limit, a heap limit and the caps of
 * config/extraction.ts. Any refusal is a 400 on `file` naming the limit it hit.
 * With `ocr`, a PDF with pages without text takes two more tasks: `ocr` (its own limit:
 * OCR_PAGE_TIMEOUT_MS per page, OCR_MAX_PAGES pages) and the text pass again with what it read.
 */
@inject()
export class DocumentReader {
  constructor(private settings: ExtractionSettings) {}

  async ingest(kind: DocumentKind, buffer: Buffer, options: ReadOptions = {}): Promise<IngestedText> {
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    const payload: IngestPayload = { kind, bytes, limits: this.settings.limits, scan: { ocr: Boolean(options.ocr) } }
    const first = await this.#run<IngestResult>('ingest', payload, kind)
    if (!('scanned' in first)) return first
    const texts = await this.#run<Record<number, string>>(
      'ocr',
      { bytes, pages: first.scanned, settings: this.settings.ocr } satisfies OcrPayload,
      kind,
      options.onProgress
    )
    const second = await this.#run<IngestResult>('ingest', { ...payload, scan: { ocr: true, texts } }, kind)
    if ('scanned' in second) throw new UploadFileError('The file could not be read.', 'readable')
    return second
  }

  async #run<T>(
    task: 'ingest' | 'ocr',
    payload: unknown,
    kind: DocumentKind,
    onProgress?: (progress: OcrProgress) => void
  ): Promise<T> {
    const ocr = task === 'ocr'
    const { pageTimeoutMs, maxPages } = this.settings.ocr
    // More image pages than maxPages are refused by the task, so the budget stops growing there.
    const timeoutMs = ocr
      ? pageTimeoutMs * Math.min((payload as OcrPayload).pages.length, maxPages)
      : this.settings.timeoutMs
    const { heapMb } = this.settings.pool
    try {
      return await workerPool(this.settings.pool).run<T>(task, payload, {
        timeoutMs,
        onProgress: onProgress as (progress: unknown) => void,
      })
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error
      switch (error.reason) {
        case 'error':
          if (error.remoteName === 'ExtractionRefusal')
            throw new UploadFileError(error.message, String(error.details?.rule ?? 'readable'))
          logger.warn({ err: error.message, kind, task }, 'reading an upload failed in the worker')
          throw new UploadFileError(
            ocr ? 'The scanned pages could not be read.' : 'The file could not be read.',
            'readable'
          )
        case 'timeout':
          throw new UploadFileError(
            ocr
              ? `Reading the scanned pages took longer than ${seconds(timeoutMs)} (${seconds(pageTimeoutMs)} per page).`
              : `Reading the file took longer than ${seconds(timeoutMs)}.`,
            'time'
          )
        case 'memory':
          throw new UploadFileError(`Reading the file needed more than ${heapMb} MB of memory.`, 'memory')
        case 'busy':
          throw new ExtractionBusyError(
            'Too many files are being read right now. Try again in a few seconds.',
            Math.ceil(timeoutMs / 1000)
          )
        default:
          logger.warn({ err: error.message, kind, task }, 'the worker reading an upload stopped')
          throw new UploadFileError('The file could not be read.', 'readable')
      }
    }
  }
}
