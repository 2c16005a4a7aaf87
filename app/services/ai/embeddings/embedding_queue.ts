/**
 * The ingest embedding queue (issue 25): one document at a time, off the request path. A
 * document is usable as soon as its text is chunked; its chunks gain dense vectors here, and
 * `documents.embedding_status/progress` tell how far it has come. In-process and per instance:
 * a restart loses the queue, and a document still `pending` is queued again when an AI tool
 * next reads it (scope_resolver). Across instances (docs/rules/operations.md#instances) a
 * document is embedded by one instance at a time: a lease per document in the database
 * (RowLease), extended after every batch and left to expire when its holder dies; an instance that cannot take it skips
 * the document (its holder is at work). A holder that died leaves its lease behind: the
 * `embeddings:resume` task queues the document again once the lease expired.
 */
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { splitSentences } from '#services/ai/nlp'
import { ingestRunner } from '#services/ai/embeddings/encoders'
import type { EmbeddingRunner } from '#services/ai/embeddings/embedding_runner'
import { RowLease } from '#services/database/row_lease'
import { MAX_BATCH } from '#services/ai/embeddings/sentence_encoder'
import { chunkBlobVectors, embeddingUnits, packVectors } from '#services/ai/embeddings/vector_blob'

type ChunkRow = { id: number; content: string; vectors_model: string | null }

/** Longer than one batch (about 3 s, at most BATCH_TIMEOUT_MS); extended after each. */
const LEASE_TTL_MS = 3 * 60_000

const LEASE_PREFIX = 'embeddings:document:'
export const embeddingLockKey = (documentId: number) => `${LEASE_PREFIX}${documentId}`

export class EmbeddingQueue {
  private waiting: number[] = []
  private running: Promise<void> | null = null

  /** `runner`: where vectors are computed (default: the ingest runner of config/ai.ts; tests count calls). */
  constructor(private runner: () => EmbeddingRunner = ingestRunner) {}

  /** Queues a document (callers ask AiSettings first: with embeddings off it stays `pending`). */
  enqueue(documentId: number) {
    if (!this.waiting.includes(documentId)) this.waiting.push(documentId)
    if (!this.running) this.running = this.drain().finally(() => (this.running = null))
  }

  has(documentId: number) {
    return this.waiting.includes(documentId)
  }

  /**
   * Documents whose embedding stopped with its instance (kill -9, a crash): a finished or skipped
   * run deletes its lease, so an expired one left behind marks a run that died. Those still
   * `pending` are queued here again; the rest only lose the row. The `embeddings:resume` task
   * calls this, once per slot across instances. Returns how many were queued.
   */
  async resumeAbandoned(now = Date.now()): Promise<number> {
    const leases = await db
      .from('locks')
      .where('key', 'like', `${LEASE_PREFIX}%`)
      .where('expiration', '<', now)
      .select('key')
    let resumed = 0
    for (const { key } of leases) {
      const documentId = Number(String(key).slice(LEASE_PREFIX.length))
      const document = Number.isSafeInteger(documentId)
        ? await db.from('documents').where('id', documentId).select('embedding_status').first()
        : null
      if (document?.embedding_status === 'pending') {
        this.enqueue(documentId)
        resumed++
      } else {
        await db.from('locks').where('key', key).where('expiration', '<', now).delete()
      }
    }
    return resumed
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  async idle() {
    while (this.running) await this.running
  }

  private async drain() {
    while (this.waiting.length) {
      const documentId = this.waiting[0]
      try {
        await this.embedClaimed(documentId)
      } catch (error) {
        logger.warn({ err: error, documentId }, 'embedding a document failed; it keeps lexical ranking')
        await db
          .from('documents')
          .where('id', documentId)
          .update({ embedding_status: 'failed' })
          .catch(() => {})
      } finally {
        this.waiting.shift()
      }
    }
  }

  /** Embeds the document under its cross-instance lock; skips it when another instance holds it. */
  private async embedClaimed(documentId: number) {
    const lease = new RowLease(embeddingLockKey(documentId), LEASE_TTL_MS)
    if (!(await lease.acquire())) return
    try {
      // A lease that expired meanwhile (a stalled event loop) may be another instance's now: stop.
      await this.embedDocument(documentId, () => lease.extend())
    } finally {
      await lease.release().catch((error) => logger.warn({ err: error, documentId }, 'embedding lease release failed'))
    }
  }

  private async embedDocument(documentId: number, stillMine: () => Promise<boolean>) {
    const runner = this.runner()
    const chunks: ChunkRow[] = await db
      .from('document_chunks')
      .where('document_id', documentId)
      .orderBy('chunk_index', 'asc')
      .select('id', 'content', 'vectors_model')
    const todo = chunks.filter((c) => c.vectors_model !== runner.encoderId && c.content?.trim())
    let done = chunks.length - todo.length
    const progress = (status: string) =>
      db
        .from('documents')
        .where('id', documentId)
        .update({
          embedding_status: status,
          embedding_progress: chunks.length ? Math.round((done / chunks.length) * 1000) / 1000 : 1,
        })
    await progress(todo.length ? 'pending' : 'ready')
    // Several chunks per call, never more than MAX_BATCH texts (a longer chunk goes alone).
    for (let i = 0; i < todo.length;) {
      const group: { row: ChunkRow; units: string[] }[] = []
      let size = 0
      while (i < todo.length) {
        const units = embeddingUnits(todo[i].content, splitSentences)
        if (group.length && size + units.length > MAX_BATCH) break
        group.push({ row: todo[i], units })
        size += units.length
        i++
      }
      const vectors = await runner.embed(group.flatMap((g) => g.units))
      let at = 0
      for (const { row, units } of group) {
        const blob = packVectors(chunkBlobVectors(vectors.slice(at, at + units.length)))
        at += units.length
        await db.from('document_chunks').where('id', row.id).update({ vectors: blob, vectors_model: runner.encoderId })
      }
      done += group.length
      await progress(i < todo.length ? 'pending' : 'ready')
      if (i < todo.length && !(await stillMine())) return
    }
  }
}

export const embeddingQueue = new EmbeddingQueue()
