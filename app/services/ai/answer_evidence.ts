/**
 * Evidence that the best sentence answers the question (issue 25), for the refusal model in
 * answer_finder.ts. SQuAD 2.0's unanswerable questions are written against the very paragraph
 * that seems to answer them, with one word swapped, negated or turned into its opposite, so one
 * similarity score barely tells them apart: these features look at what differs.
 */
import { isContent, type Token } from '#services/ai/language'
import { isStopword, stem } from '#services/ai/nlp'
import type { WeightedGroup } from '#services/ai/retrieval'
import { base, OPPOSITE } from '#services/ai/opposites'
import { conflictEvidence, type ConflictEvidence } from '#services/ai/answer_conflicts'
import { ROMAN } from '#services/ai/numerals'

const NEGATION = /^(not|never|no|none|nor|without|n't|neither|cannot|non|nothing|nobody|nowhere)$/i
/** "non-shared", "unable", "incomplete": a negating prefix the other text does not have. */
const PREFIX = /^(non-?|un|in|im|dis|ir|il)(\w{4,})$/i

/** The word forms of a token used for comparing (lemma and surface, lower case). */
const forms = (t: Token) => [t.lower, t.lemma]
export type EvidenceInput = {
  groups: WeightedGroup[]
  question: string
  sentence: string
  questionTokens: Token[]
  sentenceTokens: Token[]
  /** The sentence's and its neighbours' tokens, and their text. */
  contextTokens: Token[]
  context: string
}

export type ExtraEvidence = ConflictEvidence & {
  /** IDF share of the question held by the sentence itself (no neighbours). */
  own: number
  /** A question word is absent while its opposite is in the sentence ("least" vs "most"). */
  opposite: number
  /** The sentence is negated and the question is not. */
  sentenceNegated: number
  /** Share of the sentence's content words that the question does not use (room for an answer). */
  novelty: number
  /**
   * The question names "X I" and the sentence only "X II" (or "type 2" against "type 1"), or names X bare
   * beside sentences naming only "X II"; 0.5 when the sentence names X bare and nothing near names another.
   */
  designatorMismatch: number
}

const DESIGNATED = /(?<![\p{L}\p{N}])(\p{L}[\p{L}-]{2,})\s+([IVX]{1,4}|\d{1,2}[a-z]?)(?![\p{L}\p{N}])/gu

/**
 * Designators of a text: the stem of a word followed by a roman numeral or a small number
 * ("photosystem I", "World War II", "type 2") → the designators seen after it ("Type I" and
 * "type 1" are the same).
 */
export function designators(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const m of text.matchAll(DESIGNATED)) {
    if (isStopword(m[1])) continue
    const key = stem(m[1].toLowerCase())
    const set = out.get(key) || new Set<string>()
    set.add(ROMAN[m[2]] ?? m[2].toLowerCase())
    out.set(key, set)
  }
  return out
}

/**
 * How a text's designators meet the question's: -1 when it names a designated word of the
 * question only with other designators ("photosystem II" for "photosystem I"), 1 when it names
 * it with the same one, 0 otherwise.
 */
export function designatorAgreement(question: Map<string, Set<string>>, text: string): number {
  if (question.size === 0) return 0
  const found = designators(text)
  let agreement = 0
  for (const [head, wanted] of question) {
    const seen = found.get(head)
    if (!seen) continue
    if (![...wanted].some((d) => seen.has(d))) return -1
    agreement = 1
  }
  return agreement
}

/** 0.5 when the text names a designated word of the question bare ("photosystem" alone). */
function designatorBare(question: Map<string, Set<string>>, text: string, keys: Set<string>): number {
  const found = designators(text)
  for (const head of question.keys()) if (keys.has(head) && !found.has(head)) return 0.5
  return 0
}

/** "Both photosystems…" beside "Photosystem II…" does not answer about photosystem I either. */
function designatorMismatch(wanted: Map<string, Set<string>>, sentence: string, context: string, own: Set<string>) {
  if (designatorAgreement(wanted, sentence) < 0) return 1
  const bare = designatorBare(wanted, sentence, own)
  return bare > 0 && designatorAgreement(wanted, context) < 0 ? 1 : bare
}

export function extraEvidence({
  groups,
  question,
  questionTokens,
  sentence,
  sentenceTokens,
  contextTokens,
  context,
}: EvidenceInput): ExtraEvidence {
  const wanted = designators(question)
  const total = groups.reduce((s, g) => s + g.weight, 0) || 1
  const own = new Set<string>()
  for (const t of sentenceTokens) if (isContent(t)) (own.add(t.key), own.add(t.surfaceKey))
  let held = 0
  for (const g of groups) if (g.keys.some((k) => own.has(k))) held += g.weight
  const sentenceForms = new Set(sentenceTokens.flatMap(forms))
  const questionForms = new Set(questionTokens.flatMap(forms))
  let opposite = 0
  for (const t of questionTokens) {
    if (forms(t).some((f) => sentenceForms.has(f))) continue
    const words = [t.lower, t.lemma, base(t.lower)]
    if (
      words.some((w) =>
        (OPPOSITE.get(w) || []).some(
          (o) => sentenceForms.has(o) || [...sentenceForms].some((s) => base(s) === o && s !== t.lower)
        )
      )
    )
      opposite = 1
    const prefixed = PREFIX.exec(t.lower)
    if (prefixed && sentenceForms.has(prefixed[2])) opposite = 1
  }
  const negated = (tokens: Token[]) => tokens.some((t) => NEGATION.test(t.text) || t.lower === "n't")
  const sentenceContent = sentenceTokens.filter(isContent)
  const novel = sentenceContent.filter(
    (t) => !forms(t).some((f) => questionForms.has(f)) && !groups.some((g) => g.keys.includes(t.key))
  )
  return {
    ...conflictEvidence(questionTokens, sentenceTokens, contextTokens),
    own: held / total,
    opposite,
    sentenceNegated: negated(sentenceTokens) && !negated(questionTokens) ? 1 : 0,
    novelty: sentenceContent.length ? novel.length / sentenceContent.length : 0,
    designatorMismatch: designatorMismatch(wanted, sentence, context, own),
  }
}
