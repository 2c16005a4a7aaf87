import type { Passage } from '#services/ai/engine'
import { splitSentences, terms } from '#services/ai/nlp'
import { bm25 } from '#services/ai/vectors'
import { dot } from '#services/ai/embeddings/sentence_encoder'
import { analyzeText, isContent } from '#services/ai/language'

/**
 * Weights of the hybrid ranking (issue 25), fitted on the DEV articles of the SQuAD 2.0
 * benchmark (bench/ai_calibrate.ts; docs/decisions/ai.md). Each sentence scores its Okapi BM25
 * (relative to the best sentence), its neighbours' BM25, its chunk's BM25 (relative to the
 * best chunk), and the cosine of the question's sentence-encoder vector with the sentence
 * and with the chunk. Without vectors only the lexical terms count.
 */
export const WEIGHTS = { sentence: 1, neighbours: 0, chunk: 0.3, sentenceCosine: 1, chunkCosine: 1 }

export type RankedPassage = { passage: Passage; score: number; position: number }
export type RankedSentence = {
  text: string
  /** Index of the passage in the ranked scope (`passages`), and of the sentence in it. */
  position: number
  index: number
  score: number
  /** Okapi BM25 of the sentence relative to the best one, and the cosine with the question. */
  lexical: number
  cosine: number | null
}
export type Retrieval = {
  /** Every passage, best first. */
  ranked: RankedPassage[]
  /** The best sentences of the scope, best first (at most 12). */
  sentences: RankedSentence[]
  /** The question's content words, each weighted by its IDF over every chunk in scope. */
  groups: WeightedGroup[]
  dense: boolean
}

export type QuestionGroup = { keys: string[]; pos: string; text: string }
/** `seen`: some chunk in scope holds the word; an unseen word weighs the most. */
export type WeightedGroup = QuestionGroup & { weight: number; seen: boolean }

/**
 * The question's content words as groups of matching keys: the lemma stem and the surface
 * stem of each word ("fell" → fall | fell). A group matches a text holding any of its keys.
 */
export function questionGroups(query: string): QuestionGroup[] {
  const groups: QuestionGroup[] = []
  const seen = new Set<string>()
  for (const token of analyzeText(query).tokens) {
    if (!isContent(token) || seen.has(token.key)) continue
    seen.add(token.key)
    groups.push({ keys: [...new Set([token.key, token.surfaceKey])], pos: token.pos, text: token.text })
  }
  return groups
}

/** The question's content words weighted by IDF over the chunks (`chunkTerms`). */
export function weighGroups(query: string, chunkTerms: Set<string>[]): WeightedGroup[] {
  const n = chunkTerms.length
  return questionGroups(query).map((g) => {
    let df = 0
    for (const set of chunkTerms) if (g.keys.some((k) => set.has(k))) df++
    return { ...g, seen: df > 0, weight: Math.log(1 + (n - df + 0.5) / (df + 0.5)) }
  })
}

/** A passage's sentence vectors when its blob matches its sentences ([chunk, ...sentences]). */
function passageVectors(passage: Passage, sentenceCount: number): { chunk: Float32Array; sentences: Float32Array[] } | null {
  const v = passage.vectors
  if (!v || v.length !== sentenceCount + 1) return null
  return { chunk: v[0], sentences: v.slice(1) }
}

/**
 * BM25 relative to what the question could score at most (each of its terms once, in a text of
 * average length: the sum of their IDFs), so a sentence matching only a common word of the
 * question scores low even when it is the best match, and meaning then decides.
 */
function absoluteBm25(q: string[], docs: string[][]): number[] {
  const n = docs.length
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) || 0) + 1)
  let most = 0
  for (const t of new Set(q)) most += Math.log(1 + (n - (df.get(t) || 0) + 0.5) / ((df.get(t) || 0) + 0.5))
  return most > 0 ? bm25(q, docs).map((x) => x / most) : docs.map(() => 0)
}

export type SentenceFeatures = {
  text: string
  position: number
  index: number
  /** BM25 of the sentence, mean of its neighbours', its chunk's (each over the question's most). */
  lexical: number
  neighbours: number
  chunk: number
  /** Cosines with the question; null without vectors. */
  cosine: number | null
  chunkCosine: number | null
}

/** Every sentence of the scope with the features the ranking weighs (WEIGHTS). */
export function sentenceFeatures(passages: Passage[], query: string, queryVector: Float32Array | null) {
  const units = passages.map((p) => splitSentences(p.text).map((text) => ({ text, tokens: terms(text) })))
  const chunkTokens = units.map((list) => list.flatMap((s) => s.tokens))
  const groups = weighGroups(query, chunkTokens.map((t) => new Set(t)))
  const q = terms(query)
  const chunkLexical = absoluteBm25(q, chunkTokens)
  const flat = units.flatMap((list, position) => list.map((s, index) => ({ ...s, position, index })))
  const sentenceLexical = absoluteBm25(q, flat.map((s) => s.tokens))
  const vectors = passages.map((p, i) => (queryVector ? passageVectors(p, units[i].length) : null))
  const features: SentenceFeatures[] = flat.map((s, k) => {
    const v = vectors[s.position]
    const sameChunk = (j: number) => flat[j]?.position === s.position
    return {
      text: s.text,
      position: s.position,
      index: s.index,
      lexical: sentenceLexical[k],
      neighbours: ((sameChunk(k - 1) ? sentenceLexical[k - 1] : 0) + (sameChunk(k + 1) ? sentenceLexical[k + 1] : 0)) / 2,
      chunk: chunkLexical[s.position],
      cosine: v ? dot(queryVector!, v.sentences[s.index]) : null,
      chunkCosine: v ? dot(queryVector!, v.chunk) : null,
    }
  })
  return { features, groups, dense: vectors.some((v) => v !== null) }
}

export function scoreSentence(f: SentenceFeatures, w: typeof WEIGHTS = WEIGHTS) {
  return w.sentence * f.lexical + w.neighbours * f.neighbours + w.chunk * f.chunk + w.sentenceCosine * (f.cosine ?? 0) + w.chunkCosine * (f.chunkCosine ?? 0)
}

/**
 * Q&A retrieval (SPEC A rule 6) over every chunk in scope: hybrid BM25 + sentence-encoder
 * ranking of every sentence (WEIGHTS); a passage scores its best sentence. `queryVector` is
 * null when the scope has no vectors yet: the ranking is then lexical only.
 */
export function rankPassages(passages: Passage[], query: string, queryVector: Float32Array | null = null): Retrieval {
  const { features, groups, dense } = sentenceFeatures(passages, query, queryVector)
  const best = new Array<number>(passages.length).fill(-Infinity)
  const scored: RankedSentence[] = features.map((f) => {
    const score = scoreSentence(f)
    if (score > best[f.position]) best[f.position] = score
    return { text: f.text, position: f.position, index: f.index, score, lexical: f.lexical, cosine: f.cosine }
  })
  const ranked = passages.map((passage, position) => ({ passage, position, score: Number.isFinite(best[position]) ? best[position] : 0 }))
  ranked.sort((a, b) => b.score - a.score || a.position - b.position)
  const sentences = scored.sort((a, b) => b.score - a.score || a.position - b.position).slice(0, 12)
  return { ranked, sentences, groups, dense }
}

/**
 * What Q&A reads out after ranking every chunk: the best passages, at most `limit` of them
 * and at most `cap` characters (MAX_TOTAL_CHARACTERS caps the read-out, never the search).
 */
export function readOut(retrieval: Retrieval, cap: number, limit = 5): Passage[] {
  const out: Passage[] = []
  let total = 0
  for (const { passage } of retrieval.ranked) {
    if (out.length >= limit || total >= cap) break
    const room = cap - total
    const text = passage.text.length > room ? passage.text.slice(0, room) : passage.text
    total += text.length
    out.push(text === passage.text ? passage : { ...passage, text, vectors: null })
  }
  return out
}
