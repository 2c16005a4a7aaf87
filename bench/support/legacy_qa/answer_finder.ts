// Frozen copy of answer_finder.ts before issue 25 (see retrieval.ts beside it).
import type { ChunkRef } from '../../../app/models/ai_json.ts'
import type { LegacyPassage as Passage } from './hashed_vectors.ts'
import { sentenceTokens, type Token } from '../../../app/services/ai/language.ts'
import type { WeightedGroup } from './retrieval.ts'
// The answer's kind, its candidate words and the clause of a long sentence did not change in
// issue 25 (answer_clauses.ts holds them now): only the scoring below is the former one.
import { expectedType, hasCandidate, keysOf, shorten } from '../../../app/services/ai/answer_clauses.ts'

/** How much of the question's weight a sentence (with its neighbours) must hold to answer it. */
export const FOUND_THRESHOLD = 0.6
const CONTEXT_SHARE = 0.3

type Sentence = {
  text: string
  ref: ChunkRef
  tokens: Token[]
  keys: Set<string>
  passageScore: number
  offset: number
}
type Scored = { sentence: Sentence; index: number; coverage: number; score: number }

function sentencesOf(passage: Passage, passageScore: number): Sentence[] {
  return sentenceTokens(passage.text).map((x) => ({
    ...x,
    ref: { document_id: passage.document_id, chunk_index: passage.chunk_index },
    keys: keysOf(x.tokens),
    passageScore,
  }))
}

export type FoundAnswer = { found: true; answer: string; citations: ChunkRef[] } | { found: false }

/**
 * Extractive question answering over ranked passages. Each sentence is scored by the share
 * of the question's IDF weight it holds (lemmas, so "fell" meets "fall"), with a smaller share
 * for words in the neighbouring sentences, and by whether it holds a word of the asked kind
 * (a date for "when", a name for "who"). Below FOUND_THRESHOLD the documents are taken not to
 * contain the answer. The answer is the best sentence, or its answering clause when long.
 */
export function findAnswer(
  ranked: { passage: Passage; score: number }[],
  groups: WeightedGroup[],
  query: string
): FoundAnswer {
  const total = groups.reduce((s, g) => s + g.weight, 0)
  if (ranked.length === 0 || groups.length === 0 || total <= 0) return { found: false }
  const type = expectedType(query)
  const questionKeys = new Set(groups.flatMap((g) => g.keys))
  const perPassage = ranked.map((r) => sentencesOf(r.passage, r.score))
  const scored: Scored[] = []
  for (const sentences of perPassage) {
    sentences.forEach((sentence, index) => {
      if (sentence.tokens.filter((t) => /[\p{L}\p{N}]/u.test(t.text)).length < 4) return
      let own = 0
      let context = 0
      for (const g of groups) {
        if (g.keys.some((k) => sentence.keys.has(k))) own += g.weight
        else if ([sentences[index - 1], sentences[index + 1]].some((n) => n && g.keys.some((k) => n.keys.has(k))))
          context += g.weight
      }
      const coverage = (own + CONTEXT_SHARE * context) / total
      const typed = hasCandidate(sentence.tokens, type, questionKeys)
      const score =
        coverage * (typed ? 1 : 0.75) + 0.04 * sentence.passageScore - Math.min(0.05, sentence.text.length / 20000)
      scored.push({ sentence, index, coverage: coverage * (typed ? 1 : 0.75), score })
    })
  }
  scored.sort((a, b) => b.score - a.score)
  const best = scored[0]
  if (!best || best.coverage < FOUND_THRESHOLD) return { found: false }
  const answer = shorten(best.sentence, groups, type, questionKeys)
  const refs: ChunkRef[] = []
  for (const s of scored) {
    if (s.coverage < FOUND_THRESHOLD * 0.75) break
    if (!refs.some((r) => r.document_id === s.sentence.ref.document_id && r.chunk_index === s.sentence.ref.chunk_index))
      refs.push(s.sentence.ref)
    if (refs.length >= 3) break
  }
  return { found: true, answer, citations: refs }
}
