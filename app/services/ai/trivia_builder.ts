import type { Passage, TriviaOptions, TriviaResult } from '#services/ai/engine'
import { seededRandom, stem, terms } from '#services/ai/nlp'
import { sentenceTokens } from '#services/ai/language'
import { isFurniture } from '#services/ai/passage_lines'
import { NUMBER_WORD, spansOf, type AnswerKind, type Sentence, type Span } from '#services/ai/trivia_spans'

export type { AnswerKind } from '#services/ai/trivia_spans'

const BLANK = '_____'
const MONTH = /^(january|february|march|april|may|june|july|august|september|october|november|december)$/i

const lower = (s: string) => s.toLowerCase()
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const plural = (s: string) => /[^s]s$/i.test(s.split(' ').pop() || '')
const capitalised = (s: string) => /^\p{Lu}/u.test(s)

/** The kind of an answer span by its look alone (used for generated numbers and the bench). */
export function kindOf(text: string): AnswerKind {
  if (
    /^(1\d{3}|20\d{2})s?$/.test(text) ||
    text.split(/\s+/).some((w) => MONTH.test(w)) ||
    /\b(century|BC|AD)\b/.test(text)
  )
    return 'date'
  if (/\d/.test(text) || text.split(/[\s-]+/).some((w) => NUMBER_WORD.test(w))) return 'number'
  return capitalised(text) ? 'place' : 'term'
}

/**
 * The finer form of a number or date, which distractors must share: a percentage, a sum of
 * money, a year, a spelled-out number, a number with its unit word ("3 million", "617 ft").
 */
export function numberShape(text: string): string {
  if (/%|\bper ?cent\b/i.test(text)) return 'percent'
  if (/[$£€¥]|\b(dollars?|pounds?|euros?)\b/i.test(text)) return 'money'
  if (/^(1\d{3}|20\d{2})s?$/.test(text)) return /s$/.test(text) ? 'decade' : 'year'
  if (!/\d/.test(text)) return 'words'
  const unit =
    text
      .replace(/^[^\d]*[\d.,]+\s*/, '')
      .split(/\s+/)[0]
      ?.toLowerCase() || ''
  return `digits ${unit.replace(/s$/, '')}${/\d[.,]\d/.test(text) && !/\d,\d{3}/.test(text) ? ' decimal' : ''}`
}

/** The question with every occurrence of the answer (and of each longer word of a name) hidden. */
export function hideAnswer(sentence: string, answer: string, kind: AnswerKind): string {
  let out = sentence.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(answer)}(?:e?s)?(?![\\p{L}\\p{N}])`, 'giu'), BLANK)
  if (kind === 'person' || kind === 'place' || (kind === 'term' && answer.includes(' '))) {
    for (const word of answer.split(/\s+/)) {
      if (word.length < 4 || (kind === 'term' && !capitalised(word))) continue
      out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?:['’]s)?(?![\\p{L}\\p{N}])`, 'gu'), BLANK)
    }
  }
  return out
}

type Context = Map<string, number>

/** The content words around each answer span (its sentences, the span's own words aside). */
function contextsOf(spans: Span[]): Map<string, Context> {
  const out = new Map<string, Context>()
  for (const span of spans) {
    const own = new Set(terms(span.text))
    const context = out.get(span.key) || new Map<string, number>()
    for (const t of terms(span.sentence.text)) if (!own.has(t)) context.set(t, (context.get(t) || 0) + 1)
    out.set(span.key, context)
  }
  return out
}

function similarity(a: Context | undefined, b: Context | undefined): number {
  if (!a || !b) return 0
  let dot = 0
  let na = 0
  let nb = 0
  for (const [t, x] of a) {
    na += x * x
    dot += x * (b.get(t) || 0)
  }
  for (const x of b.values()) nb += x * x
  return na && nb ? dot / Math.sqrt(na * nb) : 0
}

/**
 * Multiple-choice questions from the documents: a sentence with its answer hidden everywhere,
 * and three distractors of the answer's kind (date, number, person, place, term) and form
 * (case, plural, word count), taken from the same documents and never sharing a word with the
 * answer. Hard games ask about rarer answers and pick the closest distractors; `avoid` holds
 * earlier questions on the scope, asked again only when nothing new is left.
 */
export function buildTrivia(passages: Passage[], options: TriviaOptions): TriviaResult {
  const { count, difficulty, focusTopic, seed, avoid = [] } = options
  const random = seededRandom(seed)
  const sentences: Sentence[] = []
  for (const p of passages) {
    for (const s of sentenceTokens(p.text)) {
      if (s.text.length < 40 || s.text.length > 320 || s.tokens.length < 7 || !/[.!?]$/.test(s.text)) continue
      if (isFurniture(s.text)) continue
      sentences.push({
        text: s.text,
        tokens: s.tokens,
        ref: { document_id: p.document_id, chunk_index: p.chunk_index },
        position: sentences.length,
      })
    }
  }
  // A word the tagger also reads as a verb somewhere ("damages", "renders") makes a poor term.
  const verbs = new Set(sentences.flatMap((x) => x.tokens.filter((t) => t.pos === 'VERB').map((t) => t.lower)))
  const spans = sentences
    .flatMap(spansOf)
    .filter((x) => x.kind !== 'term' || capitalised(x.text) || !x.text.split(' ').some((w) => verbs.has(lower(w))))
  const contexts = contextsOf(spans)
  const frequency = new Map<string, number>()
  for (const s of spans) frequency.set(s.key, (frequency.get(s.key) || 0) + 1)
  const pools = new Map<AnswerKind, Map<string, string>>()
  for (const s of spans) {
    const pool = pools.get(s.kind) || new Map<string, string>()
    if (!pool.has(s.key)) pool.set(s.key, s.text)
    pools.set(s.kind, pool)
  }
  const focus = new Set(focusTopic ? terms(focusTopic) : [])
  const avoided = new Set(avoid)

  const distractorsFor = (span: Span): string[] => {
    const answerWords = new Set(terms(span.text).map(stem))
    const sentence = lower(span.sentence.text)
    const words = span.text.split(/\s+/).length
    const candidates = [...(pools.get(span.kind)?.values() || [])].filter((c) => {
      const l = lower(c)
      if (l === span.key || l.includes(span.key) || span.key.includes(l) || sentence.includes(l)) return false
      if (terms(c).some((t) => answerWords.has(stem(t)))) return false
      if (capitalised(c) !== capitalised(span.text) || plural(c) !== plural(span.text)) return false
      if ((span.kind === 'number' || span.kind === 'date') && numberShape(c) !== numberShape(span.text)) return false
      if (/\d/.test(c) !== /\d/.test(span.text)) return false
      return span.kind === 'term' || span.kind === 'person' ? c.split(/\s+/).length === words : true
    })
    const closeness = (c: string) => {
      const a = Number(span.text.replace(/[^\d.]/g, ''))
      const b = Number(c.replace(/[^\d.]/g, ''))
      const numeric = Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? Math.abs(Math.log(a / b)) * 10 : 0
      return Math.abs(c.length - span.text.length) + numeric + (c[0] === span.text[0] ? 0 : 2)
    }
    // Names and terms: plausible neighbours are those said in similar company in the documents.
    const numeric = span.kind === 'number' || span.kind === 'date'
    const nearness = (c: string) =>
      numeric ? -closeness(c) : similarity(contexts.get(span.key), contexts.get(lower(c))) * 10 - closeness(c) / 20
    let ordered = candidates.map((c) => ({ c, d: -nearness(c), r: random() }))
    if (difficulty === 'hard') ordered.sort((x, y) => x.d - y.d || x.r - y.r)
    else if (difficulty === 'easy') ordered.sort((x, y) => (numeric ? y.d - x.d : 0) || x.r - y.r)
    else {
      ordered.sort((x, y) => x.d - y.d || x.r - y.r)
      ordered = [...ordered.slice(0, 8).sort((x, y) => x.r - y.r), ...ordered.slice(8)]
    }
    const picked: string[] = []
    for (const { c } of ordered) {
      if (picked.some((p) => lower(p) === lower(c) || lower(p).includes(lower(c)) || lower(c).includes(lower(p))))
        continue
      picked.push(c)
      if (picked.length === 3) break
    }
    return picked
  }

  const label: Record<AnswerKind, string> = {
    date: 'date',
    number: 'number',
    person: 'person',
    place: 'place',
    term: 'term',
  }
  type Candidate = { span: Span; distractors: string[]; question: string; weight: number }
  const candidates: Candidate[] = []
  const usedSentences = new Set<number>()
  const usedAnswers = new Set<string>()
  for (const span of spans) {
    if (usedSentences.has(span.sentence.position) || usedAnswers.has(span.key)) continue
    const question = hideAnswer(span.sentence.text, span.text, span.kind)
    if (!question.includes(BLANK) || question.replace(/_+/g, '').trim().length < 25) continue
    // A blank inside a longer word ("-Ddns-_____=") reads as a broken word, not a question.
    if (/[\p{L}\p{N}_=-]_____|_____[\p{L}\p{N}_=-]|_____[.:][\p{L}\p{N}]/u.test(question)) continue
    const distractors = distractorsFor(span)
    if (distractors.length < 3) continue
    usedSentences.add(span.sentence.position)
    usedAnswers.add(span.key)
    const freq = frequency.get(span.key) || 1
    const rarity = difficulty === 'hard' ? 1 / freq : difficulty === 'easy' ? freq : 1
    const focused = focus.size > 0 && terms(span.sentence.text).some((t) => focus.has(t)) ? 10 : 1
    candidates.push({
      span,
      distractors,
      question: `Which ${label[span.kind]} completes this statement? "${question}"`,
      weight: rarity * focused * (0.5 + random()),
    })
  }
  candidates.sort((a, b) => Number(avoided.has(a.question)) - Number(avoided.has(b.question)) || b.weight - a.weight)
  return {
    questions: candidates.slice(0, count).map(({ span, distractors, question }) => {
      const choices = [...distractors]
      const correctIndex = Math.floor(random() * 4)
      choices.splice(correctIndex, 0, span.text)
      return {
        question,
        options: choices,
        correctIndex,
        explanation: `The source says: "${span.sentence.text}"`,
        citation: span.sentence.ref,
      }
    }),
  }
}
