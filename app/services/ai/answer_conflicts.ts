/**
 * Evidence of a swap (issue 25, refusals): SQuAD 2.0's unanswerable questions take the sentence
 * that seems to answer them and change one thing: a year, a name in the same slot, the letter of
 * a "B cell", or they ask about what the sentence says does not happen. Each input is 0 or 1.
 */
import { isContent, type Token } from '#services/ai/language'
import { numeralAlias } from '#services/ai/numerals'

export type ConflictEvidence = {
  /** The question has a number the sentence and its neighbours lack, and the sentence has another. */
  numberConflict: number
  /** A question word missing from the sentence whose slot there (beside a shared word) holds another of its kind. */
  slotSwap: number
  /** The same, for a name, number or adjective. */
  slotSwapName: number
  /** The question names "X cell" with one capital letter and the sentence only with another ("B cell", "T cell"). */
  letterMismatch: number
  /** Two names the question joins ("Greater Santa Barbara") stand apart in the sentence and its neighbours. */
  nameMashup: number
  /** The sentence negates a word of the question ("does not confer … immunity") and the question is not negated. */
  negatedClaim: number
}

const NEGATION = /^(not|never|no|none|nor|without|n't|cannot|neither)$/i
const keysOf = (t: Token) => {
  const alias = numeralAlias(t.text)
  return alias ? [t.key, t.surfaceKey, t.lower, alias] : [t.key, t.surfaceKey, t.lower]
}
const ORDINAL = /^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(st|nd|rd|th))$/i
const isNumber = (t: Token) => t.pos === 'NUM' || /^\d/.test(t.text) || ORDINAL.test(t.text)

function keySet(tokens: Token[]) {
  return new Set(tokens.flatMap(keysOf))
}

function slotSwaps(question: Token[], sentence: Token[], sentenceKeys: Set<string>, questionKeys: Set<string>) {
  const has = (set: Set<string>, t: Token) => keysOf(t).some((k) => set.has(k))
  let swap = 0
  let name = 0
  question.forEach((t, i) => {
    if (!isContent(t) || has(sentenceKeys, t)) return
    for (const [inQuestion, inSentence] of [
      [-1, 1],
      [1, -1],
    ]) {
      const neighbour = question[i + inQuestion]
      if (!neighbour || !/\w/.test(neighbour.text)) continue
      const wanted = keysOf(neighbour)
      const j = sentence.findIndex((x) => keysOf(x).some((k) => wanted.includes(k)))
      const slot = j < 0 ? undefined : sentence[j + inSentence]
      if (!slot || !isContent(slot) || has(questionKeys, slot)) continue
      if (slot.pos !== t.pos && !(isNumber(slot) && isNumber(t))) continue
      swap = 1
      if (['PROPN', 'NUM', 'ADJ'].includes(t.pos)) name = 1
    }
  })
  return { swap, name }
}

/** "B cell", "T cells", "Plan B" is not one: a lone capital (not A or I) before a lower-case word. */
function letterDesignators(tokens: Token[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  tokens.forEach((t, i) => {
    const next = tokens[i + 1]
    if (!next || !/^[B-HJ-Z]$/.test(t.text) || !/^\p{Ll}{3,}$/u.test(next.text)) return
    found.set(next.key, (found.get(next.key) || new Set()).add(t.text))
  })
  return found
}

/** Adjacent capitalised words of the question (its first word aside) that the text holds apart. */
function nameMashup(question: Token[], context: Token[]): number {
  const capital = (t: Token | undefined) => t !== undefined && /^\p{Lu}/u.test(t.text)
  const words = new Set(context.map((t) => t.text))
  for (let i = 1; i + 1 < question.length; i++) {
    const [a, b] = [question[i], question[i + 1]]
    if (!capital(a) || !capital(b) || !words.has(a.text) || !words.has(b.text)) continue
    if (!context.some((t, j) => t.text === a.text && context[j + 1]?.text === b.text)) return 1
  }
  return 0
}

export function conflictEvidence(question: Token[], sentence: Token[], context: Token[]): ConflictEvidence {
  const sentenceKeys = keySet(sentence)
  const contextKeys = keySet(context)
  const questionKeys = keySet(question)
  const has = (set: Set<string>, t: Token) => keysOf(t).some((k) => set.has(k))
  const numberConflict =
    question.some((t) => isNumber(t) && !has(contextKeys, t)) &&
    sentence.some((t) => isNumber(t) && !has(questionKeys, t))
  const swaps = slotSwaps(question, sentence, sentenceKeys, questionKeys)
  const wanted = letterDesignators(question)
  const seen = letterDesignators(sentence)
  const letterMismatch = [...wanted].some(([head, letters]) => {
    const other = seen.get(head)
    return other !== undefined && ![...letters].some((l) => other.has(l))
  })
  const questionNegated = question.some((t) => NEGATION.test(t.lower))
  const negatedClaim =
    !questionNegated &&
    sentence.some(
      (t, i) => NEGATION.test(t.lower) && sentence.slice(i + 1, i + 5).some((x) => isContent(x) && has(questionKeys, x))
    )
  return {
    numberConflict: numberConflict ? 1 : 0,
    slotSwap: swaps.swap,
    slotSwapName: swaps.name,
    letterMismatch: letterMismatch ? 1 : 0,
    nameMashup: nameMashup(question, context),
    negatedClaim: negatedClaim ? 1 : 0,
  }
}
