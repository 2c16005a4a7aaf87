/**
 * What trivia may ask for in a sentence (trivia_builder.ts): dates, numbers, names and terms, each
 * a whole word or run of words that names something (docs/decisions/ai.md "Real documents").
 */
import type { ChunkRef } from '#models/ai_json'
import { isStopword } from '#services/ai/nlp'
import { sentenceTokens, type Token } from '#services/ai/language'

export type AnswerKind = 'date' | 'number' | 'person' | 'place' | 'term'

export const NUMBER_WORD =
  /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion)(-\w+)?$/i
/** Words that make a capitalised name an institution, work or feature rather than a person or place. */
const NAMED_THING =
  /^(bank|reef|empire|university|sea|ocean|act|committee|press|bible|system|church|street|institute|authority|council|fund|board|republic|triangle|hole|park|laboratory|foundation|programme|program|agreement|statute|revolution|war|union|area|reserve|tribune|times|index|theses|tales|dictionary|society|company|association|organisation|organization|party|treaty|law|court|museum|school|college|hospital|disease|cycle|theory|effect)$/i
/** Adjectives that only count ("many plants", "other ways"): never part of a term. */
const QUANTIFIER =
  /^(many|much|more|most|less|least|few|fewer|several|other|another|some|such|own|same|certain|various|each|every|all|both|any)$/i
/** Set phrases whose noun asks nothing ("For _____, …" → "instance"). */
const SET_PHRASE =
  /^(?:for (?:example|instance)|in (?:fact|particular|general|addition|practice|turn|short|contrast|detail|effect|principle|order|case)|on the (?:other|one) hand|as a (?:result|consequence|rule|whole)|by (?:default|design|contrast|definition|hand|way)|of course|at (?:least|most|first|times|once|random))$/
/** A modal or "to"/"not" before a word makes it a verb the tagger read as a noun ("MUST NOT attempt to …"). */
const VERB_CUE = /^(?:can|could|may|might|must|shall|should|will|would|cannot|to|not|n't)$/i
/** Where a span may start and end: not inside a longer word ("dh_builddeb", "--root-owner-group", "-Ddns-servers="). */
const OPENS = /[\s("“‘'[]/
const CLOSES = /[\s.,;:!?)"”’'\]]/
const PLACE_CUE = new Set(['in', 'at', 'near', 'from', 'to', 'off', 'across', 'into', 'around', 'outside', 'inside'])

export type Sentence = { text: string; ref: ChunkRef; tokens: Token[]; position: number }
export type Span = { text: string; kind: AnswerKind; key: string; sentence: Sentence }

const lower = (s: string) => s.toLowerCase()
const capitalised = (s: string) => /^\p{Lu}/u.test(s)

export function spansOf(sentence: Sentence): Span[] {
  const spans: Span[] = []
  const tokens = sentence.tokens
  const push = (from: number, to: number, kind: AnswerKind) => {
    const before = sentence.text[tokens[from].start - tokens[0].start - 1]
    const after = sentence.text[tokens[to].end - tokens[0].start]
    if ((before !== undefined && !OPENS.test(before)) || (after !== undefined && !CLOSES.test(after))) return
    // "zlib.constants", "fonts.conf": a dot inside a name is no boundary.
    if (/[.:]/.test(after ?? '') && /[\p{L}\p{N}_]/u.test(sentence.text[tokens[to].end - tokens[0].start + 1] ?? ''))
      return
    const text = sentence.text
      .slice(tokens[from].start - tokens[0].start, tokens[to].end - tokens[0].start)
      .replace(
        /^(the|a|an|about|around|some|nearly|almost|over|by|in|from|until|since|after|before|on|during|early|late)\s+/i,
        ''
      )
    if (text.length >= 2 && !/^[IVXLC]+$/.test(text)) spans.push({ text, kind, key: lower(text), sentence })
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.entity && t.entity !== 'DURATION') {
      let j = i
      while (j + 1 < tokens.length && tokens[j + 1].entity === t.entity) j++
      const text = tokens
        .slice(i, j + 1)
        .map((x) => x.text)
        .join(' ')
      const kind =
        t.entity === 'DATE'
          ? /\d|century/i.test(text)
            ? 'date'
            : null
          : /\d/.test(text) || NUMBER_WORD.test(tokens[i].text)
            ? 'number'
            : null
      if (kind) push(i, j, kind)
      i = j
      continue
    }
    if (t.pos === 'PROPN' && capitalised(t.text)) {
      let j = i
      while (j + 1 < tokens.length && tokens[j + 1].pos === 'PROPN' && capitalised(tokens[j + 1].text)) j++
      // A capitalised first word is a name only when the run goes on ("Los Angeles has …"); a
      // run after a capitalised word of another tag is the end of a longer name ("Combined Statistical Area").
      const cut = [tokens[i - 1], tokens[j + 1]].some(
        (x) => x !== undefined && capitalised(x.text) && /^\p{L}/u.test(x.text) && !isStopword(x.lower)
      )
      if (j - i < 4 && (i > 0 || j > i) && !cut) {
        const words = tokens.slice(i, j + 1)
        const thing = words.some((w) => NAMED_THING.test(w.text))
        const before = tokens[i - 1]
        const place = !thing && before !== undefined && PLACE_CUE.has(before.lower)
        const person =
          !thing && !place && j > i && (tokens[j + 1]?.pos === 'VERB' || before?.lower === 'by' || before?.text === ',')
        push(i, j, thing ? 'term' : place ? 'place' : person ? 'person' : 'term')
      }
      i = j
      continue
    }
    if (
      t.pos === 'NOUN' &&
      /^\p{Ll}[\p{Ll}-]+$/u.test(t.text) &&
      t.text.length >= 4 &&
      !/^(century|centuries|year|years|time|times|decade|decades|day|days|month|months|week|weeks|rest|part|way|kind|number|lot)$/.test(
        t.text
      ) &&
      tokens[i + 1]?.pos !== 'NOUN' &&
      !isStopword(t.lower) &&
      !VERB_CUE.test(tokens[i - 1]?.text || '') &&
      ![2, 3, 4].some(
        (n) =>
          i + 1 >= n &&
          SET_PHRASE.test(
            tokens
              .slice(i + 1 - n, i + 1)
              .map((x) => x.lower)
              .join(' ')
          )
      )
    ) {
      const from =
        i > 0 &&
        tokens[i - 1].pos === 'ADJ' &&
        /^\p{Ll}/u.test(tokens[i - 1].text) &&
        !QUANTIFIER.test(tokens[i - 1].text)
          ? i - 1
          : i
      push(from, i, 'term')
    }
  }
  return spans
}

/** The answers trivia may ask for in a text: each span's text, in reading order. */
export function answerSpans(text: string): string[] {
  return sentenceTokens(text).flatMap((s, position) =>
    spansOf({ text: s.text, tokens: s.tokens, ref: { document_id: '', chunk_index: 0 }, position }).map((x) => x.text)
  )
}
