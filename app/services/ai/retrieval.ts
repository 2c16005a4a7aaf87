import type { Passage } from '#services/ai/engine'
import { splitSentenceUnits } from '#services/ai/nlp'
import { rankingTerms } from '#services/ai/code_terms'
import { cutAtCharacter } from '#shared/text'
import { bm25, zScores } from '#services/ai/vectors'
import { dot } from '#services/ai/embeddings/sentence_encoder'
import { analyzeText, isContent } from '#services/ai/language'
import { expectedType, type AnswerType } from '#services/ai/answer_clauses'
import { designatorAgreement, designators } from '#services/ai/answer_evidence'
import { numeralAlias } from '#services/ai/numerals'
import { isFurniture } from '#services/ai/passage_lines'

/**
 * Weights of the hybrid ranking (issue 25), fitted on the DEV articles of the SQuAD 2.0
 * benchmark (bench/ai_calibrate.ts; docs/decisions/ai.md). Each sentence scores its Okapi BM25
 * (relative to the best sentence), its neighbours' BM25, its chunk's BM25 (relative to the
 * best chunk), and the cosine of the question's sentence-encoder vector with the sentence
 * and with the chunk. Without vectors only the lexical terms count.
 */
export const WEIGHTS = {
  sentence: 1,
  neighbours: 0.1,
  chunk: 0.15,
  sentenceCosine: 2,
  chunkCosine: 0.5,
  typed: 0.3,
  designator: 1,
}

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
  /** What the ranking weighed (the answer's reranking reads it again). */
  features: SentenceFeatures
}
export type Retrieval = {
  /** Every passage, best first. */
  ranked: RankedPassage[]
  /** The best sentences of the scope that can be an answer (`answering`), best first (at most 12). */
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
    const alias = numeralAlias(token.text)
    const keys = [token.key, token.surfaceKey, ...(alias ? [alias] : [])]
    groups.push({ keys: [...new Set(keys)], pos: token.pos, text: token.text })
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
function passageVectors(
  passage: Passage,
  sentenceCount: number
): { chunk: Float32Array; sentences: Float32Array[] } | null {
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

/**
 * A chunk's sentences with their terms, remembered for the UNIT_CACHE chunks asked about lately: a student asks
 * several questions over the same documents, and tokenising 60,000 characters costs more than the ranking.
 */
const UNIT_CACHE = 4000
const unitCache = new Map<string, { text: string; heading: boolean; tokens: string[] }[]>()
function sentenceUnits(text: string) {
  let found = unitCache.get(text)
  if (found) {
    unitCache.delete(text)
  } else {
    found = splitSentenceUnits(text).map((unit) => ({
      text: unit.text,
      heading: unit.kind === 'heading',
      tokens: rankingTerms(unit.text),
    }))
    if (unitCache.size >= UNIT_CACHE) unitCache.delete(unitCache.keys().next().value!)
  }
  unitCache.set(text, found)
  return found
}

export type SentenceFeatures = {
  text: string
  /** A heading of the document: it ranks (its words place its section) but never answers. */
  heading: boolean
  position: number
  index: number
  /** BM25 of the sentence, mean of its neighbours', its chunk's (each over the question's most). */
  lexical: number
  neighbours: number
  chunk: number
  /** Cosines with the question; null without vectors. */
  cosine: number | null
  chunkCosine: number | null
  /**
   * The same cosines as z-scores over the scope's sentences, divided by 10 (what the ranking
   * weighs: how far a sentence stands out for this question, whatever the question's spread).
   */
  cosineZ: number
  chunkCosineZ: number
  /**
   * 1 when the sentence holds a word of the kind the question asks for (a year for "when") and shares a word or
   * meaning with it.
   */
  typed: number
  /** -1 when it names "photosystem II" for a question on "photosystem I", 1 for the same one (designatorAgreement). */
  designator: number
}

const TYPED: Record<Exclude<AnswerType, null>, RegExp> = {
  date: /\b(1\d{3}|20\d{2})s?\b|\b(in|by|since|until|from|around|after|before|about|c\.)\s+\d{2,4}\b|\b\d{1,4}\s*(BC|AD|BCE|CE)\b|\b(January|February|March|April|May|June|July|August|September|October|November|December)\b|\bcentur(y|ies)\b|\bdecade\b/,
  number:
    /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|half|dozen)\b/i,
  person: /.\b\p{Lu}\p{Ll}+/u,
  place: /.\b\p{Lu}\p{Ll}+/u,
}

/**
 * Every sentence of the scope with the features the ranking weighs (WEIGHTS). Dense only when every passage has
 * its vectors: a scope still embedding ranked its embedded part above the rest and refused what it missed.
 */
export function sentenceFeatures(passages: Passage[], query: string, queryVector: Float32Array | null) {
  const units = passages.map((p) => sentenceUnits(p.text))
  const chunkTokens = units.map((list) => list.flatMap((s) => s.tokens))
  const groups = weighGroups(
    query,
    chunkTokens.map((t) => new Set(t))
  )
  const q = rankingTerms(query)
  const chunkLexical = absoluteBm25(q, chunkTokens)
  const flat = units.flatMap((list, position) => list.map((s, index) => ({ ...s, position, index })))
  const sentenceLexical = absoluteBm25(
    q,
    flat.map((s) => s.tokens)
  )
  const found = passages.map((p, i) => (queryVector ? passageVectors(p, units[i].length) : null))
  const vectors = found.every((v) => v !== null) ? found : found.map(() => null)
  const type = expectedType(query)
  const wanted = designators(query)
  const features: SentenceFeatures[] = flat.map((s, k) => {
    const v = vectors[s.position]
    const sameChunk = (j: number) => flat[j]?.position === s.position
    return {
      text: s.text,
      heading: s.heading,
      position: s.position,
      index: s.index,
      lexical: sentenceLexical[k],
      neighbours:
        ((sameChunk(k - 1) ? sentenceLexical[k - 1] : 0) + (sameChunk(k + 1) ? sentenceLexical[k + 1] : 0)) / 2,
      chunk: chunkLexical[s.position],
      cosine: v ? dot(queryVector!, v.sentences[s.index]) : null,
      chunkCosine: v ? dot(queryVector!, v.chunk) : null,
      cosineZ: 0,
      chunkCosineZ: 0,
      typed: type && TYPED[type].test(s.text) ? 1 : 0,
      designator: designatorAgreement(wanted, s.text),
    }
  })
  const dense = vectors.some((v) => v !== null)
  if (dense) {
    const z = zScores(features.map((f) => f.cosine))
    const zc = zScores(features.map((f) => f.chunkCosine))
    features.forEach((f, i) => ((f.cosineZ = z[i]), (f.chunkCosineZ = zc[i])))
  }
  // The asked kind counts only where something else relates the sentence to the question.
  for (const f of features) if (f.lexical <= 0 && f.chunk <= 0 && f.cosineZ <= 0) f.typed = 0
  return { features, groups, dense }
}

/** A heading ("Install"), a one- or two-word fragment or a contents line ("libtasn1.h. . . 4") ranks, never answers. */
const answering = (f: SentenceFeatures) => !f.heading && f.text.split(/\s+/).length >= 3 && !isFurniture(f.text)

export function scoreSentence(f: SentenceFeatures, w: typeof WEIGHTS = WEIGHTS) {
  return (
    w.sentence * f.lexical +
    w.neighbours * f.neighbours +
    w.chunk * f.chunk +
    w.sentenceCosine * f.cosineZ +
    w.chunkCosine * f.chunkCosineZ +
    w.typed * f.typed +
    w.designator * f.designator
  )
}

/**
 * Q&A retrieval (docs/rules/ai.md#scope) over every chunk in scope: hybrid BM25 + sentence-encoder
 * ranking of every sentence (WEIGHTS); a passage scores its best sentence. `queryVector` is
 * null when the scope has no vectors yet: the ranking is then lexical only.
 */
export function rankPassages(passages: Passage[], query: string, queryVector: Float32Array | null = null): Retrieval {
  const { features, groups, dense } = sentenceFeatures(passages, query, queryVector)
  const best = new Array<number>(passages.length).fill(-Infinity)
  const scored: RankedSentence[] = features.map((f) => {
    const score = scoreSentence(f)
    if (score > best[f.position]) best[f.position] = score
    return {
      text: f.text,
      position: f.position,
      index: f.index,
      score,
      lexical: f.lexical,
      cosine: f.cosine,
      features: f,
    }
  })
  const ranked = passages.map((passage, position) => ({
    passage,
    position,
    score: Number.isFinite(best[position]) ? best[position] : 0,
  }))
  ranked.sort((a, b) => b.score - a.score || a.position - b.position)
  const sentences = scored
    .filter((s) => answering(s.features))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, 12)
  return { ranked, sentences, groups, dense }
}

/**
 * What Q&A reads out after ranking every chunk: the best passages, at most `limit` of them
 * and at most `cap` characters (MAX_TOTAL_CHARACTERS caps the read-out, never the search).
 */
export function readOut(retrieval: Retrieval, cap: number, limit = 5): Passage[] {
  // A cut passage's sentence vectors no longer match its text.
  return capPassages(retrieval.ranked, cap, limit, (passage, text) => ({ ...passage, text, vectors: null }))
}

/** The first `limit` passages of a ranking within `cap` characters; `cut` copies the passage the cap shortens. */
export function capPassages<P extends { text: string }>(
  ranked: { passage: P }[],
  cap: number,
  limit: number,
  cut: (passage: P, text: string) => P
): P[] {
  const out: P[] = []
  let total = 0
  for (const { passage } of ranked) {
    if (out.length >= limit || total >= cap) break
    const room = cap - total
    const text = cutAtCharacter(passage.text, room)
    if (!text) break
    total += text.length
    out.push(text === passage.text ? passage : cut(passage, text))
  }
  return out
}
