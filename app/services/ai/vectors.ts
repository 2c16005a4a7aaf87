/**
 * Vector maths of the local engine: TF-IDF weighting, cosine similarity, TextRank and Okapi
 * BM25. Dense sentence vectors are in embeddings/. Tokens come from nlp.ts.
 */

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

/** Per-question z-scores of a list of cosines (divided by 10, so their weights read like the others'). */
export function zScores(xs: (number | null)[]): number[] {
  const values = xs.map((x) => x ?? 0)
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length)) || 1
  return values.map((x, i) => (xs[i] === null ? 0 : (x - mean) / sd / 10))
}
