/**
 * Where ingest embeddings are computed, behind one small interface: a worker thread of its own
 * for the local encoder (CPU-bound, holding a loaded model between batches, which the extraction
 * pool's recycled workers do not), in-process for a hosted one (network-bound).
 */
import { Worker } from 'node:worker_threads'
import type { SentenceEncoder } from '#services/ai/embeddings/sentence_encoder'

export interface EmbeddingRunner {
  readonly encoderId: string
  embed(texts: string[]): Promise<Float32Array[]>
  close(): Promise<void>
}

export class InlineEmbeddingRunner implements EmbeddingRunner {
  constructor(private encoder: SentenceEncoder) {}
  get encoderId() {
    return this.encoder.id
  }
  embed(texts: string[]) {
    return this.encoder.embed(texts)
  }
  async close() {}
}

type Pending = { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }

/** A batch (≤ 32 passages) takes about 3 s on one core; a worker past this is stuck and replaced. */
const BATCH_TIMEOUT_MS = 120_000

/** The local encoder in one worker thread, started on first use; it never keeps the process alive. */
export class WorkerEmbeddingRunner implements EmbeddingRunner {
  readonly encoderId = 'use-lite-512'
  private worker: Worker | null = null
  private pending = new Map<number, Pending>()
  private nextId = 1

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(new URL('./use_worker.js', import.meta.url))
    worker.unref()
    worker.on('message', (m: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const p = this.pending.get(m.id)
      if (!p) return
      this.pending.delete(m.id)
      if (m.error || !m.vectors) p.reject(new Error(m.error || 'no vectors'))
      else p.resolve(m.vectors)
    })
    const fail = (error: Error) => {
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
      this.worker = null
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`embedding worker exited with code ${code}`)))
    this.worker = worker
    return worker
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([])
    const worker = this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`embedding batch took longer than ${BATCH_TIMEOUT_MS / 1000} s`))
        void this.close()
      }, BATCH_TIMEOUT_MS)
      timer.unref()
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer)
          fn(value)
        }
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) })
      worker.postMessage({ id, texts })
    })
  }

  async close() {
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
  }
}
