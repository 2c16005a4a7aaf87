/**
 * Reading a question and a candidate sentence for extractive Q&A (answer_finder.ts): the kind of
 * answer the question asks for, whether a span holds a word of that kind, definition questions,
 * and the clause of a long sentence that answers.
 */
import { isContent, type Token } from '#services/ai/language'
import type { WeightedGroup } from '#services/ai/retrieval'
import { splitSentenceUnits } from '#services/ai/nlp'

export type AnswerType = 'date' | 'number' | 'person' | 'place' | null

/** A sentence within the answer's limit is the answer; a longer one is cut to clauses of at least FILL characters. */
const MAX_ANSWER = 300
const FILL = 200

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
export function hasCandidate(tokens: Token[], type: AnswerType, questionKeys: Set<string>) {
  if (!type) return true
  return tokens.some((t) => {
    if (questionKeys.has(t.key) || questionKeys.has(t.surfaceKey)) return false
    if (type === 'date') return isDateToken(t)
    if (type === 'number') return isNumberToken(t)
    return isNameToken(t)
  })
}

type Sentence = { text: string; tokens: Token[]; offset: number }

export function keysOf(tokens: Token[]) {
  const keys = new Set<string>()
  for (const t of tokens) {
    if (!isContent(t)) continue
    keys.add(t.key)
    keys.add(t.surfaceKey)
  }
  return keys
}

/**
 * A sentence announcing a list ("The following codings are supported:") answers with the list: the
 * items that follow it in its passage (`index` is its place in `splitSentenceUnits`), as many as
 * fit within the answer's limit. Announcing a sentence instead ("The options which apply to the
 * chage command are:" above "-d, --lastday LAST_DAY Set the number of days …"), it answers with
 * that sentence, cut at a word to fit: the announcement alone says nothing.
 */
export function withListItems(answer: string, passageText: string, index: number): string {
  if (!answer.endsWith(':')) return answer
  const following = splitSentenceUnits(passageText).slice(index + 1)
  let out = answer
  for (const unit of following) {
    if (unit.kind !== 'item') break
    const next = `${out}${out === answer || /[.!?]$/.test(out) ? ' ' : '; '}${unit.text}`
    if (next.length > MAX_ANSWER) break
    out = next
  }
  if (out !== answer || following[0]?.kind !== 'text') return out
  const joined = `${answer} ${following[0].text}`
  if (joined.length <= MAX_ANSWER) return joined
  const cut = joined.slice(0, MAX_ANSWER - 1)
  return `${cut.slice(0, Math.max(answer.length, cut.lastIndexOf(' ')))}…`
}

/** The part of a long sentence that answers: the best clause, grown with its neighbours. */
export function shorten(
  sentence: Sentence,
  groups: WeightedGroup[],
  type: AnswerType,
  questionKeys: Set<string>
): string {
  const text = sentence.text
  if (text.length <= MAX_ANSWER) return text
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
  // Grow toward the neighbouring clause that shares more with the question (the answer sits
  // beside the words it shares), the shorter one on a tie, while the answer stays within bounds.
  const side = (i: number) =>
    i < 0 || i >= clauses.length
      ? null
      : { i, size: clauses[i].end - clauses[i].start, score: score(clauses[i].start, clauses[i].end) }
  while (len() < FILL) {
    const options = [side(lo - 1), side(hi + 1)]
      .filter((o) => o !== null && len() + o.size <= MAX_ANSWER)
      .sort((a, b) => b!.score - a!.score || a!.size - b!.size)
    if (options.length === 0) break
    if (options[0]!.i < lo) lo--
    else hi++
  }
  const piece = text
    .slice(clauses[lo].start, clauses[hi].end)
    .trim()
    .replace(/[,;:–—(]\s*$/, '')
    .trim()
  const out = (lo > 0 ? '…' : '') + piece + (hi < clauses.length - 1 ? '…' : '')
  return out.length <= MAX_ANSWER ? out : out.slice(0, MAX_ANSWER - 1) + '…'
}

/** X of "What is X?", "What are Xs?", "Who was X?", "Define X" (null for other questions). */
const DEFINITION_QUESTIONS = [
  /^\s*(?:what|who)\s+(?:is|are|was|were)\s+(?:an?\s+|the\s+)?(.{2,60}?)\s*[?.!]*\s*$/i,
  /^\s*define\s+(?:an?\s+|the\s+)?(.{2,60}?)\s*[?.!]*\s*$/i,
  /^\s*what\s+does\s+(?:an?\s+|the\s+)?(.{2,60}?)\s+mean\s*[?.!]*\s*$/i,
]
export function definedTerm(query: string): string | null {
  const term = DEFINITION_QUESTIONS.map((re) => re.exec(query)?.[1]).find((t) => t !== undefined)
  return term && !/\b(of|in|on|for|with|that|which|who|when|where|why|how)\b/i.test(term) ? term : null
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The sentence defines the term: "X is/are/was/refers to/means …" at its start. */
export function defines(sentence: string, term: string): boolean {
  return new RegExp(`^(?:the\\s+|an?\\s+)?${escapeRe(term)}\\s+(?:is|are|was|were|refers? to|means?)\\s`, 'i').test(
    sentence
  )
}
