import type { ChunkRef } from '#models/ai_json'
import type { Passage, TriviaOptions, TriviaResult } from '#services/ai/engine'
import { seededRandom, stem, terms } from '#services/ai/nlp'
import { sentenceTokens, type Token } from '#services/ai/language'

export type AnswerKind = 'date' | 'number' | 'person' | 'place' | 'term'

const BLANK = '_____'
const MONTH = /^(january|february|march|april|may|june|july|august|september|october|november|december)$/i
const NUMBER_WORD = /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion)(-\w+)?$/i
/** Words that make a capitalised name an institution, work or feature rather than a person or place. */
const NAMED_THING = /^(bank|reef|empire|university|sea|ocean|act|committee|press|bible|system|church|street|institute|authority|council|fund|board|republic|triangle|hole|park|laboratory|foundation|programme|program|agreement|statute|revolution|war|union|area|reserve|tribune|times|index|theses|tales|dictionary|society|company|association|organisation|organization|party|treaty|law|court|museum|school|college|hospital|disease|cycle|theory|effect)$/i
const PLACE_CUE = new Set(['in', 'at', 'near', 'from', 'to', 'off', 'across', 'into', 'around', 'outside', 'inside'])

type Sentence = { text: string; ref: ChunkRef; tokens: Token[]; position: number }
type Span = { text: string; kind: AnswerKind; key: string; sentence: Sentence }

const lower = (s: string) => s.toLowerCase()
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const plural = (s: string) => /[^s]s$/i.test(s.split(' ').pop() || '')
const capitalised = (s: string) => /^\p{Lu}/u.test(s)

/** The kind of an answer span by its look alone (used for generated numbers and the bench). */
export function kindOf(text: string): AnswerKind {
  if (/^(1\d{3}|20\d{2})s?$/.test(text) || text.split(/\s+/).some((w) => MONTH.test(w)) || /\b(century|BC|AD)\b/.test(text)) return 'date'
  if (/\d/.test(text) || text.split(/[\s-]+/).some((w) => NUMBER_WORD.test(w))) return 'number'
  return capitalised(text) ? 'place' : 'term'
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

function spansOf(sentence: Sentence): Span[] {
  const spans: Span[] = []
  const tokens = sentence.tokens
  const push = (from: number, to: number, kind: AnswerKind) => {
    const text = sentence.text.slice(tokens[from].start - tokens[0].start, tokens[to].end - tokens[0].start).replace(/^(the|a|an|about|around|some|nearly|almost|over|by|in|from|until|since|after|before|on|during|early|late)\s+/i, '')
    if (text.length >= 2) spans.push({ text, kind, key: lower(text), sentence })
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.entity && t.entity !== 'DURATION') {
      let j = i
      while (j + 1 < tokens.length && tokens[j + 1].entity === t.entity) j++
      const text = tokens.slice(i, j + 1).map((x) => x.text).join(' ')
      const kind = t.entity === 'DATE' ? (/\d|century/i.test(text) ? 'date' : null) : /\d/.test(text) || NUMBER_WORD.test(tokens[i].text) ? 'number' : null
      if (kind) push(i, j, kind)
      i = j
      continue
    }
    if (t.pos === 'PROPN' && capitalised(t.text) && i > 0) {
      let j = i
      while (j + 1 < tokens.length && tokens[j + 1].pos === 'PROPN' && capitalised(tokens[j + 1].text)) j++
      if (j - i < 4) {
        const words = tokens.slice(i, j + 1)
        const thing = words.some((w) => NAMED_THING.test(w.text))
        const place = !thing && PLACE_CUE.has(tokens[i - 1].lower)
        const person = !thing && !place && j > i && (tokens[j + 1]?.pos === 'VERB' || tokens[i - 1].lower === 'by' || tokens[i - 1].text === ',')
        push(i, j, thing ? 'term' : place ? 'place' : person ? 'person' : 'term')
      }
      i = j
      continue
    }
    if (t.pos === 'NOUN' && /^\p{Ll}[\p{Ll}-]+$/u.test(t.text) && t.text.length >= 4 && !/^(century|centuries|year|years|time|times|decade|decades|day|days|month|months|week|weeks|rest|part|way|kind|number|lot)$/.test(t.text) && tokens[i + 1]?.pos !== 'NOUN') {
      const from = i > 0 && tokens[i - 1].pos === 'ADJ' && /^\p{Ll}/u.test(tokens[i - 1].text) ? i - 1 : i
      push(from, i, 'term')
    }
  }
  return spans
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
      sentences.push({ text: s.text, tokens: s.tokens, ref: { document_id: p.document_id, chunk_index: p.chunk_index }, position: sentences.length })
    }
  }
  const spans = sentences.flatMap(spansOf)
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
      return span.kind === 'term' || span.kind === 'person' ? c.split(/\s+/).length === words : true
    })
    const closeness = (c: string) => {
      const a = Number(span.text.replace(/[^\d.]/g, ''))
      const b = Number(c.replace(/[^\d.]/g, ''))
      const numeric = Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? Math.abs(Math.log(a / b)) * 10 : 0
      return Math.abs(c.length - span.text.length) + numeric + (c[0] === span.text[0] ? 0 : 2)
    }
    const ordered = candidates.map((c) => ({ c, d: closeness(c), r: random() }))
    if (difficulty === 'hard') ordered.sort((x, y) => x.d - y.d || x.r - y.r)
    else if (difficulty === 'easy') ordered.sort((x, y) => y.d - x.d || x.r - y.r)
    else ordered.sort((x, y) => x.r - y.r)
    const picked: string[] = []
    for (const { c } of ordered) {
      if (picked.some((p) => lower(p) === lower(c) || lower(p).includes(lower(c)) || lower(c).includes(lower(p)))) continue
      picked.push(c)
      if (picked.length === 3) break
    }
    return picked
  }

  const label: Record<AnswerKind, string> = { date: 'date', number: 'number', person: 'person', place: 'place', term: 'term' }
  type Candidate = { span: Span; distractors: string[]; question: string; weight: number }
  const candidates: Candidate[] = []
  const usedSentences = new Set<number>()
  const usedAnswers = new Set<string>()
  for (const span of spans) {
    if (usedSentences.has(span.sentence.position) || usedAnswers.has(span.key)) continue
    const question = hideAnswer(span.sentence.text, span.text, span.kind)
    if (!question.includes(BLANK) || question.replace(/_+/g, '').trim().length < 25) continue
    const distractors = distractorsFor(span)
    if (distractors.length < 3) continue
    usedSentences.add(span.sentence.position)
    usedAnswers.add(span.key)
    const freq = frequency.get(span.key) || 1
    const rarity = difficulty === 'hard' ? 1 / freq : difficulty === 'easy' ? freq : 1
    const focused = focus.size > 0 && terms(span.sentence.text).some((t) => focus.has(t)) ? 10 : 1
    candidates.push({ span, distractors, question: `Which ${label[span.kind]} completes this statement? "${question}"`, weight: rarity * focused * (0.5 + random()) })
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
