/**
 * English language processing for the local engine through wink-nlp and its lite web model
 * (both ship in their npm packages: nothing downloads at run time). The model is loaded once,
 * lazily, on the first call (about 45 MB of heap and 150 ms; docs/decisions/ai.md).
 */
import { createRequire } from 'node:module'
import type { ItemEntity, ItemToken, WinkMethods } from 'wink-nlp'
import { isStopword, splitSentences, stem } from '#services/ai/nlp'

const require = createRequire(import.meta.url)

let instance: WinkMethods | null = null

export function winkInstance(): WinkMethods {
  if (!instance) {
    const winkNLP = require('wink-nlp') as (model: unknown, pipe?: string[]) => WinkMethods
    const model = require('wink-eng-lite-web-model')
    instance = winkNLP(model, ['sbd', 'negation', 'pos', 'ner'])
  }
  return instance
}

export type Token = {
  text: string
  lower: string
  lemma: string
  /** Universal POS tag (NOUN, PROPN, VERB, NUM, …). */
  pos: string
  /** Matching key: the stem of the lemma ("fell" → "fall", "cells" → "cell"). */
  key: string
  /** The stem of the surface form, so a lemma the model gets wrong still meets its word. */
  surfaceKey: string
  start: number
  end: number
  /** Entity type (DATE, CARDINAL, PERCENT, MONEY, …) when the token is part of one. */
  entity: string | null
}

export type Analysis = { text: string; tokens: Token[] }

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM', 'ADV', 'X', 'SYM'])

/** Tokens with lemma, POS, entity type and character offsets into `text`. */
export function analyzeText(text: string): Analysis {
  const nlp = winkInstance()
  const its = nlp.its
  const doc = nlp.readDoc(text)
  const tokens: Token[] = []
  let cursor = 0
  doc.tokens().each((t: ItemToken) => {
    const surface = t.out()
    const at = text.indexOf(surface, cursor)
    const start = at >= 0 ? at : cursor
    cursor = at >= 0 ? at + surface.length : cursor
    const lower = surface.toLowerCase()
    const lemma = String(t.out(its.lemma as Parameters<ItemToken['out']>[0]) || lower).toLowerCase()
    tokens.push({
      text: surface,
      lower,
      lemma,
      pos: String(t.out(its.pos)),
      key: stem(lemma),
      surfaceKey: stem(lower),
      start,
      end: start + surface.length,
      entity: null,
    })
  })
  doc.entities().each((e: ItemEntity) => {
    const [from, to] = e.out(its.span) as unknown as [number, number]
    const type = String(e.out(its.type))
    for (let i = from; i <= to && i < tokens.length; i++) tokens[i].entity = type
  })
  return { text, tokens: withShortOptions(text, tokens) }
}

/**
 * A command-line option of one letter ("-k", "-E") as one token: the model splits it into "-" and
 * "k", and a word of one letter carries no meaning, so "What does the -k option do?" asked about
 * "option" alone. Its key is what the ranking's terms hold for it (code_terms.ts `rankingTerms`), case kept.
 */
function withShortOptions(text: string, tokens: Token[]): Token[] {
  if (!text.includes('-')) return tokens
  const out: Token[] = []
  for (let i = 0; i < tokens.length; i++) {
    const dash = tokens[i]
    const letter = tokens[i + 1]
    const isOption =
      dash.text === '-' &&
      letter !== undefined &&
      letter.start === dash.end &&
      /^\p{L}$/u.test(letter.text) &&
      !/[\p{L}\p{N}_.-]/u.test(text[dash.start - 1] ?? ' ') &&
      !/[\p{L}\p{N}]/u.test(text[letter.end] ?? ' ')
    if (!isOption) {
      out.push(dash)
      continue
    }
    // Case kept, as in the ranking's terms: "-d" and "-D" are two options.
    const option = `-${letter.text}`
    out.push({
      ...letter,
      text: option,
      lower: option,
      lemma: option,
      pos: 'NOUN',
      key: option,
      surfaceKey: option,
      start: dash.start,
    })
    i++
  }
  return out
}

/** A token that carries meaning for matching (not a stopword, punctuation or auxiliary). */
export function isContent(token: Token) {
  if (!CONTENT_POS.has(token.pos)) return false
  if (!/[\p{L}\p{N}]/u.test(token.text)) return false
  if (token.pos !== 'NUM' && (token.lower.length < 2 || isStopword(token.lower) || isStopword(token.lemma)))
    return false
  return !['be', 'do', 'have', 'call', 'name', 'know'].includes(token.lemma)
}

/** Content keys of a text, for quick lexical matching (both lemma and surface stems). */
export function contentKeys(analysis: Analysis): Set<string> {
  const keys = new Set<string>()
  for (const t of analysis.tokens) {
    if (!isContent(t)) continue
    keys.add(t.key)
    keys.add(t.surfaceKey)
  }
  return keys
}

/** The sentences of a text (as splitSentences cuts them) with their tokens and offsets. */
export function sentenceTokens(text: string): { text: string; offset: number; tokens: Token[] }[] {
  const analysis = analyzeText(text)
  const out: { text: string; offset: number; tokens: Token[] }[] = []
  let from = 0
  let k = 0
  for (const sentence of splitSentences(text)) {
    const at = text.indexOf(sentence, from)
    const offset = at >= 0 ? at : from
    from = offset + sentence.length
    const tokens: Token[] = []
    while (k < analysis.tokens.length && analysis.tokens[k].start < offset) k++
    while (k < analysis.tokens.length && analysis.tokens[k].end <= offset + sentence.length)
      tokens.push(analysis.tokens[k++])
    out.push({ text: sentence, offset, tokens })
  }
  return out
}
