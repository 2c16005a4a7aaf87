import type { Passage } from '#services/ai/engine'
import { bucketIdf, embed, weightedCosine } from '#services/ai/nlp'

/**
 * Q&A retrieval (SPEC A rule 6): passages ranked by the similarity of their stored
 * embeddings (hashed TF-IDF, IDF over the buckets of the scope) to the question's. When
 * nothing is similar (best score under 0.05) the passages keep their reading order
 * (positional fallback). Chunks without a stored embedding are embedded on the fly.
 */
export function rankPassages(passages: Passage[], query: string) {
  const vectors = passages.map((p) => (p.embedding && p.embedding.length ? p.embedding : embed(p.text)))
  const q = embed(query)
  const weights = bucketIdf(vectors)
  const scored = passages.map((p, i) => ({ passage: p, score: weightedCosine(q, vectors[i], weights), position: i }))
  const best = Math.max(0, ...scored.map((s) => s.score))
  if (best < 0.05) return { ranked: scored.map((s) => ({ ...s, score: 0 })), fallback: true }
  return { ranked: scored.sort((a, b) => b.score - a.score || a.position - b.position), fallback: false }
}
