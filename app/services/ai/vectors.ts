/**
 * Vector maths of the local engine: TF-IDF weighting, cosine similarity, TextRank, Okapi BM25
 * and hashed TF-IDF embeddings (no weights to download). Tokens come from nlp.ts.
 */
import { terms } from '#services/ai/nlp'

export type SparseVector = Map<string, number>

export function termFrequencies(tokens: string[]): Map<string, number> {
  const tf = new Map<string, number>()
  for (const t of tokens) tf.set(t, (tf.get(t) || 0) + 1)
  return tf
}

/** Inverse document frequencies over a set of token lists (smoothed). */
export function inverseDocumentFrequency(docs: string[][]): Map<string, number> {
  const df = new Map<string, number>()
  for (const doc of docs) for (const t of new Set(doc)) df.set(t, (df.get(t) || 0) + 1)
  const n = docs.length
  const idf = new Map<string, number>()
  for (const [t, d] of df) idf.set(t, Math.log((n + 1) / (d + 1)) + 1)
  return idf
}

export function tfidfVector(tokens: string[], idf: Map<string, number>): SparseVector {
  const v: SparseVector = new Map()
  for (const [t, f] of termFrequencies(tokens)) v.set(t, (1 + Math.log(f)) * (idf.get(t) ?? 1))
  let norm = 0
  for (const x of v.values()) norm += x * x
  norm = Math.sqrt(norm) || 1
  for (const [t, x] of v) v.set(t, x / norm)
  return v
}

export function sparseCosine(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let dot = 0
  for (const [t, x] of small) {
    const y = large.get(t)
    if (y !== undefined) dot += x * y
  }
  return dot
}

/** TextRank (PageRank over the cosine-similarity graph of sentences). */
export function textRank(vectors: SparseVector[], iterations = 30, damping = 0.85): number[] {
  const n = vectors.length
  if (n === 0) return []
  if (n === 1) return [1]
  // Inverted index keeps this near-linear on real text: only sentences sharing a term meet.
  const postings = new Map<string, number[]>()
  vectors.forEach((v, i) => {
    for (const t of v.keys()) {
      const list = postings.get(t)
      if (list) list.push(i)
      else postings.set(t, [i])
    }
  })
  const edges: Map<number, number>[] = vectors.map(() => new Map())
  vectors.forEach((v, i) => {
    for (const [t, x] of v) {
      const list = postings.get(t)!
      if (list.length > Math.min(80, Math.max(20, n * 0.5))) continue // too common to tell sentences apart
      for (const j of list) {
        if (j <= i) continue
        const w = x * vectors[j].get(t)!
        edges[i].set(j, (edges[i].get(j) || 0) + w)
        edges[j].set(i, (edges[j].get(i) || 0) + w)
      }
    }
  })
  const outSum = edges.map((e) => {
    let s = 0
    for (const w of e.values()) s += w
    return s
  })
  let scores = new Array<number>(n).fill(1 / n)
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n)
    for (let i = 0; i < n; i++) {
      if (outSum[i] === 0) {
        for (let j = 0; j < n; j++) next[j] += (damping * scores[i]) / n
        continue
      }
      for (const [j, w] of edges[i]) next[j] += (damping * scores[i] * w) / outSum[i]
    }
    scores = next
  }
  return scores
}

/** Okapi BM25 scores of each document (token list) against a query. */
export function bm25(query: string[], docs: string[][], k1 = 1.5, b = 0.75): number[] {
  const n = docs.length
  if (n === 0) return []
  const avg = docs.reduce((s, d) => s + d.length, 0) / n || 1
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) || 0) + 1)
  const q = [...new Set(query)]
  return docs.map((d) => {
    const tf = termFrequencies(d)
    let score = 0
    for (const t of q) {
      const f = tf.get(t)
      if (!f) continue
      const idf = Math.log(1 + (n - (df.get(t) || 0) + 0.5) / ((df.get(t) || 0) + 0.5))
      score += (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * d.length) / avg))
    }
    return score
  })
}

// ---------------------------------------------------------------------------------------
// Hashed TF-IDF embeddings
// ---------------------------------------------------------------------------------------

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
