// Frozen copy of answer_finder.ts before issue 25 (see retrieval.ts beside it).
import type { ChunkRef } from '../../../app/models/ai_json.ts'
import type { LegacyPassage as Passage } from './hashed_vectors.ts'
import { isContent, sentenceTokens, type Token } from '../../../app/services/ai/language.ts'
import type { WeightedGroup } from './retrieval.ts'

export type AnswerType = 'date' | 'number' | 'person' | 'place' | null

/** How much of the question's weight a sentence (with its neighbours) must hold to answer it. */
export const FOUND_THRESHOLD = 0.6
const CONTEXT_SHARE = 0.3
const LONG_SENTENCE = 240
const MAX_ANSWER = 300

const MONTHS = /^(january|february|march|april|may|june|july|august|september|october|november|december)$/i
const NUMBER_WORDS =
  /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|half|quarter|third|dozen|dozens|hundreds|thousands|millions|billions)(-\w+)?$/i

/** The kind of answer a question asks for, read from its wh-phrase. */
export function expectedType(query: string): AnswerType {
  const q = query.toLowerCase()
  if (/\b(when|what year|which year|what date|which date|what century|which century|what decade)\b/.test(q))
    return 'date'
  if (
    /\bhow (many|much|long|far|deep|old|thick|fast|large|big|tall|high|heavy|often)\b|\bwhat (percentage|percent|share|proportion|fraction|number|rate|amount|price)\b/.test(
      q
    )
  )
    return 'number'
  if (/^\s*(who|whom|whose)\b|\b(who|whom|whose)\b/.test(q)) return 'person'
  if (/\bwhere\b|\b(what|which) (city|country|town|place|region|island|state|port|river|sea|ocean)\b/.test(q))
    return 'place'
  return null
}

function isDateToken(t: Token) {
  return (
    t.entity === 'DATE' ||
    /^(1\d{3}|20\d{2})s?$/.test(t.text) ||
    MONTHS.test(t.text) ||
    /^(century|centuries|decade)$/i.test(t.text)
  )
}
function isNumberToken(t: Token) {
  return t.pos === 'NUM' || (t.entity !== null && t.entity !== 'DATE') || /\d/.test(t.text) || NUMBER_WORDS.test(t.text)
}
function isNameToken(t: Token) {
  return t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text)
}

/** Whether the span holds a word of the asked kind that the question itself does not use. */
function hasCandidate(tokens: Token[], type: AnswerType, questionKeys: Set<string>) {
  if (!type) return true
  return tokens.some((t) => {
    if (questionKeys.has(t.key) || questionKeys.has(t.surfaceKey)) return false
    if (type === 'date') return isDateToken(t)
    if (type === 'number') return isNumberToken(t)
    return isNameToken(t)
  })
}

type Sentence = {
  text: string
  ref: ChunkRef
  tokens: Token[]
  keys: Set<string>
  passageScore: number
  offset: number
}
type Scored = { sentence: Sentence; index: number; coverage: number; score: number }

function keysOf(tokens: Token[]) {
  const keys = new Set<string>()
  for (const t of tokens) {
    if (!isContent(t)) continue
    keys.add(t.key)
    keys.add(t.surfaceKey)
  }
  return keys
}

function sentencesOf(passage: Passage, passageScore: number): Sentence[] {
  return sentenceTokens(passage.text).map((x) => ({
    ...x,
    ref: { document_id: passage.document_id, chunk_index: passage.chunk_index },
    keys: keysOf(x.tokens),
    passageScore,
  }))
}

/** The part of a long sentence that answers: the best clause, grown with its neighbours. */
function shorten(sentence: Sentence, groups: WeightedGroup[], type: AnswerType, questionKeys: Set<string>): string {
  const text = sentence.text
  if (text.length <= LONG_SENTENCE) return text
  const cuts = [0]
  const re = /[;:]\s+|,\s+|\s+[–—]\s+|\s+\((?=[^)]*\))/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text))) cuts.push(m.index + m[0].length)
  cuts.push(text.length)
  const clauses = cuts.slice(0, -1).map((start, i) => ({ start, end: cuts[i + 1] }))
  if (clauses.length < 2) return text.length <= MAX_ANSWER ? text : text.slice(0, MAX_ANSWER - 1) + '…'
  const base = sentence.offset
  const score = (start: number, end: number) => {
    const tokens = sentence.tokens.filter((t) => t.start - base >= start && t.end - base <= end)
    const keys = keysOf(tokens)
    let s = 0
    for (const g of groups) if (g.keys.some((k) => keys.has(k))) s += g.weight
    return s + (hasCandidate(tokens, type, questionKeys) ? 0.5 : 0)
  }
  let bestI = 0
  let best = -1
  clauses.forEach((c, i) => {
    const s = score(c.start, c.end)
    if (s > best) [best, bestI] = [s, i]
  })
  let lo = bestI
  let hi = bestI
  const len = () => clauses[hi].end - clauses[lo].start
  while (len() < 120) {
    const left = lo > 0 ? clauses[lo - 1].end - clauses[lo - 1].start : Infinity
    const right = hi < clauses.length - 1 ? clauses[hi + 1].end - clauses[hi + 1].start : Infinity
    if (left === Infinity && right === Infinity) break
    if (right <= left && len() + right <= MAX_ANSWER) hi++
    else if (left !== Infinity && len() + left <= MAX_ANSWER) lo--
    else break
  }
  const piece = text
    .slice(clauses[lo].start, clauses[hi].end)
    .trim()
    .replace(/[,;:–—(]\s*$/, '')
    .trim()
  const out = (lo > 0 ? '…' : '') + piece + (hi < clauses.length - 1 ? '…' : '')
  return out.length <= MAX_ANSWER ? out : out.slice(0, MAX_ANSWER - 1) + '…'
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
