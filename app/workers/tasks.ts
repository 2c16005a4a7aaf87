/*
| Task name → handler, run inside a WorkerPool thread. A handler takes a structured-clone
| payload and returns a structured-clone result; it throws to fail (the pool recycles the
| worker). Add a task here to move more CPU-bound work off the event loop.
*/
import { ingestBuffer, type IngestedText } from '#services/documents/ingest'
import type { DocumentKind } from '#services/documents/text_extractor'
import type { ExtractionLimits } from '#services/documents/extraction_limits'
import { ScannedPagesFound, type ScanOptions } from '#services/documents/ocr_scan'
import { recognisePages, type OcrPayload, type Report } from '#services/documents/ocr_pages'

import type { Passage } from '#services/ai/engine'

export type EngineMethod = 'summarize' | 'flashcards' | 'studyGuide' | 'trivia' | 'course'
export type EnginePayload = { method: EngineMethod; passages: Passage[]; options?: unknown }

export type IngestPayload = { kind: DocumentKind; bytes: Uint8Array; limits: ExtractionLimits; scan?: ScanOptions }
/** The text, or (OCR on) the pages without a text layer that the `ocr` task should read first. */
export type IngestResult = IngestedText | { scanned: number[] }

async function ingest({ kind, bytes, limits, scan }: IngestPayload): Promise<IngestResult> {
  try {
    return await ingestBuffer(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits, scan)
  } catch (error) {
    // Not a failure: answered as a result, so the worker is kept (a thrown error recycles it).
    if (error instanceof ScannedPagesFound) return { scanned: error.details.pages }
    throw error
  }
}

// Loaded on the first generation: a worker that only reads uploads never loads the NLP model.
let engine: Promise<{ [M in EngineMethod]: (passages: Passage[], options?: any) => Promise<unknown> }> | null = null
async function generate({ method, passages, options }: EnginePayload) {
  engine ??= import('#services/ai/local_engine').then(({ LocalEngine }) => new LocalEngine())
  return (await engine)[method](passages, options)
}

export type RankPayload = { passages: Passage[]; query: string; queryVector: Float32Array | null }
async function rank({ passages, query, queryVector }: RankPayload) {
  return (await import('#services/ai/retrieval')).rankPassages(passages, query, queryVector)
}

export const handlers: Record<string, (payload: any, report: (progress: unknown) => void) => unknown> = {
  /** Extraction → normalisation → chunks of one uploaded file (vectors: embedding_queue). */
  ingest,
  /** Scanned PDF pages → their text (enable_ocr_processing), reporting each page as it starts. */
  ocr: (payload: OcrPayload, report: Report) => recognisePages(payload, report),
  /** One local-engine tool over its passages (off_thread_engine.ts). */
  engine: generate,
  /** Q&A's ranking of a large scope (scope_ranking.ts). */
  rank,
}
