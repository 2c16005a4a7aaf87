// Frozen copy of the hashed TF-IDF embeddings of vectors.ts before issue 25.
import { terms } from '../../../app/services/ai/nlp.ts'

export type LegacyPassage = {
  document_id: string
  document_title: string
  chunk_index: number
  text: string
  embedding: number[] | null
}
export const EMBEDDING_DIMENSIONS = 256

export function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * A hashed term-frequency vector (signed feature hashing of stemmed terms and bigrams,
 * sublinear tf, L2-normalised). IDF is applied at query time over the buckets of the chunks
 * in scope (`weightedCosine`), which makes the comparison TF-IDF without a global vocabulary.
 */
export function embed(text: string): number[] {
  const v = new Float64Array(EMBEDDING_DIMENSIONS)
  const tokens = terms(text)
  const features = new Map<string, number>()
  for (let i = 0; i < tokens.length; i++) {
    features.set(tokens[i], (features.get(tokens[i]) || 0) + 1)
    if (i + 1 < tokens.length) {
      const bi = `${tokens[i]}_${tokens[i + 1]}`
      features.set(bi, (features.get(bi) || 0) + 0.5)
    }
  }
  for (const [feature, count] of features) {
    const h = fnv1a(feature)
    const index = h % EMBEDDING_DIMENSIONS
    const sign = h & 0x80000000 ? -1 : 1
    v[index] += sign * (1 + Math.log(count))
  }
  let norm = 0
  for (const x of v) norm += x * x
  norm = Math.sqrt(norm) || 1
  return Array.from(v, (x) => Math.round((x / norm) * 1e5) / 1e5)
}

/** Per-dimension IDF over a set of embeddings (a bucket used by few chunks weighs more). */
export function bucketIdf(vectors: number[][]): number[] {
  const n = vectors.length
  const idf = new Array<number>(EMBEDDING_DIMENSIONS).fill(0)
  for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) {
    let df = 0
    for (const v of vectors) if (v[d] !== 0) df++
    idf[d] = Math.log((n + 1) / (df + 1)) + 1
  }
  return idf
}

export function weightedCosine(a: number[], b: number[], weights: number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  // eslint-disable-next-line @unicorn/no-for-loop -- indexes two arrays at once
  for (let i = 0; i < a.length; i++) {
    const w = weights[i] ?? 1
    const x = a[i] * w
    const y = (b[i] ?? 0) * w
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0
}
