// Frozen copy of the Q&A engine before issue 25 (retrieval.ts, answer_finder.ts, hashed vectors), kept
// only so the benchmark can print today's figures beside the new engine. Not used by the app.
import type { LegacyPassage as Passage } from './hashed_vectors.ts'
import { terms } from '../../../app/services/ai/nlp.ts'
import { bucketIdf, embed, weightedCosine } from './hashed_vectors.ts'
import { capPassages, weighGroups, type WeightedGroup } from '../../../app/services/ai/retrieval.ts'

// The question's groups, their IDF weights and the read-out's cap did not change in issue 25: they
// come from the app.
export type { WeightedGroup }

export type RankedPassage = { passage: Passage; score: number; position: number }
export type Retrieval = {
  /** Only passages that share a content term with the question, best first. */
  ranked: RankedPassage[]
  fallback: boolean
  /** The question's content words, each weighted by its IDF over every chunk in scope. */
  groups: WeightedGroup[]
}

/**
 * Q&A retrieval (docs/rules/ai.md#scope) over every chunk in scope: a chunk is a candidate only when
 * it contains a content word of the question (lemma or surface stem). Candidates are ranked
 * by the similarity of their stored embeddings (hashed TF-IDF) blended with BM25; when no
 * embedding is similar (best under 0.05) the candidates keep their reading order (positional
 * fallback). A question no chunk matches ranks nothing.
 */
export function rankPassages(passages: Passage[], query: string): Retrieval {
  const chunkTerms = passages.map((p) => new Set(terms(p.text)))
  const groups = weighGroups(query, chunkTerms)
  const lexical = chunkTerms.map((set) => {
    let s = 0
    for (const g of groups) if (g.keys.some((k) => set.has(k))) s += g.weight
    return s
  })
  const candidates = passages.map((_, i) => i).filter((i) => lexical[i] > 0)
  if (candidates.length === 0) return { ranked: [], fallback: false, groups }
  const q = embed(query)
  const vectors = candidates.map((i) =>
    passages[i].embedding?.length ? passages[i].embedding! : embed(passages[i].text)
  )
  const weights = bucketIdf(vectors)
  const cosines = vectors.map((v) => weightedCosine(q, v, weights))
  const bestLexical = Math.max(...candidates.map((i) => lexical[i]))
  const bestCosine = Math.max(0, ...cosines)
  const fallback = bestCosine < 0.05
  const ranked = candidates.map((i, k) => ({
    passage: passages[i],
    position: i,
    score: fallback ? lexical[i] / bestLexical : 0.5 * Math.max(0, cosines[k]) + 0.5 * (lexical[i] / bestLexical),
  }))
  ranked.sort((a, b) => (fallback ? a.position - b.position : b.score - a.score || a.position - b.position))
  return { ranked, fallback, groups }
}

/**
 * What Q&A reads out after ranking every chunk: the best candidates, at most `limit` of them
 * and at most `cap` characters (MAX_TOTAL_CHARACTERS caps the read-out, never the search).
 */
export function readOut(retrieval: Retrieval, cap: number, limit = 5): Passage[] {
  return capPassages(retrieval.ranked, cap, limit, (passage, text) => ({ ...passage, text, embedding: null }))
}
