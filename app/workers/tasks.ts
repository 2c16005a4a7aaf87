/*
| Task name → handler, run inside a WorkerPool thread. A handler takes a structured-clone
| payload and returns a structured-clone result; it throws to fail (the pool recycles the
| worker). Add a task here to move more CPU-bound work off the event loop.
*/
import { ingestBuffer } from '#services/documents/ingest'
import type { DocumentKind } from '#services/documents/text_extractor'
import type { ExtractionLimits } from '#services/documents/extraction_limits'

export type IngestPayload = { kind: DocumentKind; bytes: Uint8Array; limits: ExtractionLimits }

export const handlers: Record<string, (payload: any) => unknown> = {
  /** Extraction → normalisation → chunks of one uploaded file (vectors: embedding_queue). */
  ingest: ({ kind, bytes, limits }: IngestPayload) => ingestBuffer(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits),
}
