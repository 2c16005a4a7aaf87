import { availableParallelism } from 'node:os'
import env from '#start/env'

type NumberKey =
  | 'WORKER_POOL_SIZE'
  | 'WORKER_POOL_MAX_QUEUE'
  | 'WORKER_HEAP_MB'
  | 'EXTRACT_TIMEOUT_MS'
  | 'EXTRACT_MAX_PAGES'
  | 'EXTRACT_MAX_INFLATED_MB'
  | 'EXTRACT_MAX_CHARACTERS'
  | 'OCR_MAX_PAGES'
  | 'OCR_PAGE_TIMEOUT_MS'
  | 'OCR_RENDER_MAX_PX'
  | 'OCR_MAX_IMAGE_MEGAPIXELS'
const setting = (key: NumberKey, fallback: number, min = 1) => {
  const value = Number(env.get(key) ?? fallback)
  return Number.isFinite(value) && value >= min ? value : fallback
}

/**
 * Reading uploaded files (issue 23 item 2, docs/rules/documents.md#upload-limits): done by a pool of worker
 * threads, with a time limit and caps per file. Read once at boot (ExtractionSettings). Defaults and their
 * reasons: docs/decisions.md.
 */
const extractionConfig = {
  pool: {
    /** Worker threads reading files at once (one core stays with the event loop). */
    size: setting('WORKER_POOL_SIZE', Math.min(2, Math.max(1, availableParallelism() - 1))),
    /** Files waiting for a worker; one more answers 503 with Retry-After. */
    maxQueue: setting('WORKER_POOL_MAX_QUEUE', 8, 0),
    /** V8 heap of each worker (MB); a file that needs more fails with a clear message. */
    heapMb: setting('WORKER_HEAP_MB', 512),
  },
  /** Time to read one file, in ms (the worker is terminated after it). */
  timeoutMs: setting('EXTRACT_TIMEOUT_MS', 10_000),
  /** Caps per file (the shape of ExtractionLimits, app/services/documents/extraction_limits.ts). */
  limits: {
    maxPages: setting('EXTRACT_MAX_PAGES', 500),
    maxInflatedBytes: setting('EXTRACT_MAX_INFLATED_MB', 32) * 1024 * 1024,
    maxCharacters: setting('EXTRACT_MAX_CHARACTERS', 1_000_000),
  },
  /**
   * Reading scanned pages (flag enable_ocr_processing): rendered and recognised in the same
   * pool, as one more task whose time limit is `pageTimeoutMs` per scanned page.
   */
  /** The shape of OcrSettings (app/services/documents/ocr_pages.ts). */
  ocr: {
    /** Scanned pages one file may have; more is a 400 naming the limit. */
    maxPages: setting('OCR_MAX_PAGES', 20),
    /** Time per scanned page (render + recognise), in ms. */
    pageTimeoutMs: setting('OCR_PAGE_TIMEOUT_MS', 10_000),
    /** Longest side of a rendered page, in pixels (≈ 240 dpi on A4/Letter). */
    renderMaxPx: setting('OCR_RENDER_MAX_PX', 2000, 200),
    /** An embedded image larger than this (width × height) is not decoded. */
    maxImagePixels: setting('OCR_MAX_IMAGE_MEGAPIXELS', 40) * 1_000_000,
  },
}

export default extractionConfig
