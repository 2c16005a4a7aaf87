import type { ChunkRef } from '#models/ai_json'
import type { FlashcardsResult, Passage } from '#services/ai/engine'
import { isStopword, splitSentences, stem, words } from '#services/ai/nlp'
import { extractKeywords } from '#services/ai/keywords'
import { isFurniture, linesOf } from '#services/ai/passage_lines'
import { analyzeText } from '#services/ai/language'

type Card = FlashcardsResult['cards'][number]

const PRONOUN =
  /^(it|this|these|those|they|there|he|she|that|such|each|most|some|many|one|all|both|another|other|what|which|who|here|its|their|his|her)$/i
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A definable term: a short noun phrase, not a pronoun, clause opener or ranking ("the largest …"). */
function termOk(term: string) {
  const parts = term.split(/\s+/)
  if (parts.length > 5 || term.length < 3 || term.length > 60 || !/\p{L}/u.test(term)) return false
  if (PRONOUN.test(parts[0]) || isStopword(parts[0]) || RANKING.test(parts[0])) return false
  return !parts.some((p) => isStopword(p) && !/^(of|and|for)$/i.test(p))
}

const RANKING =
  /^(first|second|third|fourth|last|next|main|only|same|other|largest|oldest|biggest|greatest|smallest|most|least|\p{L}+est)$/iu
/** "cells", "enzymes" are plural; "photolysis", "gas", "physics", "stomata"-less words are not. */
const isPlural = (term: string) => {
  const last = (term.split(/\s+/).pop() || '').toLowerCase()
  return /[^su]s$/.test(last) && !/(is|ics|ss|us|as|os)$/.test(last)
}
const question = (term: string, plural: boolean) => `What ${plural ? 'are' : 'is'} ${term}?`
const lowerStart = (term: string) =>
  /^\p{Lu}\p{Ll}/u.test(term) && !/\s\p{Lu}/u.test(term) ? term.charAt(0).toLowerCase() + term.slice(1) : term

/**
 * Flashcards on the documents' key terms and definitions: "X is a …", "X refers to …", "… is
 * called X", defined abbreviations "Full Name (ABC)", and headings with their first sentence.
 * Each front asks one thing, each back is at most two sentences of the source, no term or
 * back repeats. When definitions run out, key terms are asked with the sentence they lead.
 */
export function buildFlashcards(passages: Passage[], count: number): Card[] {
  const lines = linesOf(passages)
  const cards: Card[] = []
  const usedTerms = new Set<string>()
  const usedBacks = new Set<string>()
  const add = (term: string, front: string, back: string, ref: ChunkRef, shown = term) => {
    const key = words(term).map(stem).join(' ')
    // The front asks about a term its back (and so its cited passage) holds.
    const backKeys = new Set(words(back).map(stem))
    if (
      !words(shown)
        .map(stem)
        .every((k) => backKeys.has(k))
    )
      return
    if (!key || usedTerms.has(key) || usedBacks.has(back) || splitSentences(back).length > 2 || back.length > 600)
      return
    usedTerms.add(key)
    usedBacks.add(back)
    cards.push({ front, back, citation: ref })
  }
  const definitions: (() => void)[] = []
  const headings: (() => void)[] = []
  const allText = lines.map((l) => l.text).join('\n')
  // A name is written capitalised inside sentences ("… under Constantine"), a word in lower case.
  const properName = (term: string) =>
    new RegExp(`[\\p{Ll},;] ${escape(term)}\\b`, 'u').test(allText)
      ? true
      : new RegExp(`\\b${escape(term.toLowerCase())}\\b`, 'u').test(allText)
        ? false
        : null
  // Lower-cased for the front unless it is a name: written capitalised inside a sentence ("… in
  // Victoria"). A word only ever seen at a sentence start reads as a common noun.
  const asWritten = (term: string) => (properName(term) ? term : lowerStart(term))
  lines.forEach((line, i) => {
    if (line.row || isFurniture(line.text)) return
    if (line.heading) {
      const next = lines[i + 1]
      // Only a heading that names one thing ("Bleaching", "Digital Money") makes a question.
      const parts = line.text.split(/\s+/)
      const nounish =
        parts.length <= 3 &&
        !parts.some((p) => isStopword(p) || /['’]s$/.test(p)) &&
        !isPlural(line.text) &&
        !/^(origins?|legacy|introduction|conclusion|summary|overview|background)$/i.test(line.text)
      // A heading names a term only when it is made of words ("compression([options])", ".filter" are
      // code), and the sentence below speaks of it: "Mutex" above "The term "mutex" usually refers to …",
      // never "License" above "Feel free to use this library under … the MIT license.".
      const named = /^[\p{L}\p{N}][\p{L}\p{N} '’-]*$/u.test(line.text)
      if (
        next &&
        !next.heading &&
        !next.label &&
        nounish &&
        named &&
        endsInNoun(line.text, line.text) &&
        inSubject(next.text, line.text)
      ) {
        headings.push(() =>
          add(
            line.text,
            `What is ${/\p{Lu}{2}/u.test(line.text) || properName(line.text) !== false ? line.text : line.text.toLowerCase()}?`,
            next.text,
            next.ref
          )
        )
      }
      return
    }
    const s = line.text
    let m = /^(?:(A|An)\s+)?([\p{L}][\p{L}\p{N}'’ -]*?)\s+(is|are)\s+(?:a|an|the|one of the|defined as|any)\s/u.exec(s)
    if (m && termOk(m[2]) && nounPhrase(s, m[2])) {
      const term = m[2]
      const article = m[1] ? `${m[1].toLowerCase()} ` : ''
      definitions.push(() => add(term, question(article + asWritten(term), m![3] === 'are'), s, line.ref))
      return
    }
    // A term may stand in quotes, as licences and standards define theirs ('"License" shall mean …').
    m =
      /^(?:(?:A|An|The)\s+)?["“]?([\p{L}][\p{L}\p{N}'’ -]*?)["”]?\s+(refers to|means|shall mean|describes|denotes)\s/u.exec(
        s
      )
    if (m && termOk(m[1]) && nounPhrase(s, m[1])) {
      const term = m[1]
      const verb = m[2] === 'refers to' ? 'refer to' : /mean/.test(m[2]) ? 'mean' : m[2].replace(/s$/, '')
      definitions.push(() => add(term, `What does ${asWritten(term)} ${verb}?`, s, line.ref))
      return
    }
    m =
      /\b(?:is|are|was|were)?\s*(?:called|known as|termed)\s+(?:the\s+)?([\p{Ll}][\p{Ll}-]*(?:\s[\p{Ll}-]+){0,3})[.,](?!\S)/u.exec(
        s
      )
    if (m && termOk(m[1]) && !/^(a|an|the|one|two)$/.test(m[1]) && nounPhrase(s, m[1])) {
      const term = m[1]
      const back = /^(This|It|These)\b/.test(s) && line.previous ? `${line.previous} ${s}` : s
      definitions.push(() => add(term, question(term, isPlural(term)), back, line.ref))
    }
    for (const a of s.matchAll(/((?:\p{Lu}[\p{L}-]+\s+(?:(?:of|and|for|on|the)\s+)*){1,6})\((\p{Lu}{2,6})\)/gu)) {
      const full = expansion(a[1], a[2])
      if (full) definitions.push(() => add(a[2], `What does ${a[2]} stand for?`, `${full}.`, line.ref, full))
    }
  })
  for (const make of [...definitions, ...headings]) {
    if (cards.length >= count) break
    make()
  }
  if (cards.length < count) {
    // Key terms that lead a sentence as its subject: "Chlorophyll absorbs light …" → "What does
    // chlorophyll absorb?". No card without such a sentence: fewer cards, never filler.
    const body = lines.filter(
      (l) => !l.heading && !l.row && !isFurniture(l.text) && l.text.length >= 40 && l.text.length <= 320
    )
    for (const keyword of extractKeywords(
      body.map((l) => l.text),
      80
    )) {
      if (cards.length >= count) break
      if (
        keyword.kind === 'number' ||
        !keyword.nounish ||
        /ing$|^(hundred|thousand|million|billion)s?$/i.test(keyword.phrase)
      )
        continue
      const lead = new RegExp(`^(?:(?:A|An|The)\\s+)?${escape(keyword.phrase)}\\s`, 'iu')
      for (const line of body.filter((l) => lead.test(l.text)).slice(0, 3)) {
        const front = subjectQuestion(line.text, keyword.phrase, properName)
        if (front) {
          add(keyword.phrase, front, line.text, line.ref)
          break
        }
      }
    }
  }
  return cards.slice(0, count)
}

/** Whether the term's last word is a noun where it stands ("Inside is …" is not a term). */
function endsInNoun(text: string, term: string) {
  const last = term.split(/\s+/).pop()!.toLowerCase()
  const token = analyzeText(text).tokens.find((t) => t.lower === last)
  return !token || token.pos === 'NOUN' || token.pos === 'PROPN'
}

/** Whether the term's last word stands in the sentence's subject: before its first verb. */
function inSubject(sentence: string, term: string) {
  const head = stem(term.split(/\s+/).pop()!.toLowerCase())
  for (const t of analyzeText(sentence).tokens) {
    if (stem(t.lower) === head) return true
    if (t.pos === 'VERB' || t.pos === 'AUX') return false
  }
  return false
}

const DIRECTION = /^(north|south|east|west|northern|southern|eastern|western|central|upper|lower|inner|outer)$/i

/**
 * Whether the term is a noun phrase where it stands: it ends in a noun, holds no adverb, verb or
 * pronoun ("variously combustion chamber" is not one), and is not a place relation ("North of …").
 */
function nounPhrase(sentence: string, term: string) {
  const parts = term.split(/\s+/)
  if (parts.length > 1 && DIRECTION.test(parts[0]) && /^of$/i.test(parts[1])) return false
  const tokens = analyzeText(sentence).tokens
  const last = tokens.find((t) => t.lower === parts[parts.length - 1].toLowerCase())
  if (last && !['NOUN', 'PROPN'].includes(last.pos) && !(last.pos === 'VERB' && last.lower.endsWith('ing')))
    return false
  const lower = parts.map((p) => p.toLowerCase())
  const start = tokens.findIndex((_, i) => lower.every((w, k) => tokens[i + k]?.lower === w))
  if (start < 0) return true
  // A participle describes the noun after it ("protected areas"), a gerund names a thing ("coral bleaching").
  return tokens
    .slice(start, start + parts.length)
    .every(
      (t, k) =>
        !['ADV', 'AUX', 'PRON', 'SCONJ', 'PART'].includes(t.pos) &&
        (t.pos !== 'VERB' || (/(ed|ing)$/.test(t.lower) && (k < parts.length - 1 || t.lower.endsWith('ing'))))
    )
}

/**
 * The words of "Full Name (ABC)" that spell the abbreviation: the shortest run of capitalised
 * words, ending right before the bracket, whose initials are its letters ("State of Michigan and
 * the National Science Foundation (NSF)" → "National Science Foundation"); null when none does.
 */
function expansion(run: string, abbreviation: string): string | null {
  const parts = run.trim().split(/\s+/)
  let initials = ''
  for (let i = parts.length - 1; i >= 0; i--) {
    if (/^\p{Lu}/u.test(parts[i])) initials = parts[i][0] + initials
    else if (!/^(of|and|for|on|the)$/.test(parts[i])) return null
    if (initials.toUpperCase() === abbreviation.toUpperCase()) return parts.slice(i).join(' ')
    if (initials.length >= abbreviation.length) return null
  }
  return null
}

const AUXILIARY =
  /^(is|are|was|were|be|been|has|have|had|can|could|may|might|must|shall|should|will|would|does|do|did)$/i

/**
 * A question on what a sentence's subject does: "(The) X <verb> …" → "What does/do/did X <verb>?"
 * with the verb's lemma and its particle ("speed up"). Null when the term is not followed by a
 * main verb with an object, or is not a noun (wink-nlp).
 */
export function subjectQuestion(
  sentence: string,
  term: string,
  properName: (term: string) => boolean | null = () => null
): string | null {
  const tokens = analyzeText(sentence).tokens
  const termWords = term.split(/\s+/).length
  let i = /^(a|an|the)$/i.test(tokens[0]?.text || '') ? 1 : 0
  const subject = tokens.slice(i, i + termWords)
  if (subject.map((t) => t.lower).join(' ') !== term.toLowerCase().replace(/\s+/g, ' ')) return null
  if (!['NOUN', 'PROPN'].includes(subject[subject.length - 1].pos)) return null
  i += termWords
  const verb = tokens[i]
  if (!verb || verb.pos !== 'VERB' || AUXILIARY.test(verb.text) || !/^\p{Ll}+$/u.test(verb.text)) return null
  // "Code containing non-ascii characters …": a participle describes the subject, it is no main verb.
  if (verb.lower.endsWith('ing')) return null
  const particle =
    tokens[i + 1] && tokens[i + 1].pos === 'ADP' && /^(up|down|out|off|over)$/i.test(tokens[i + 1].text)
      ? ` ${tokens[i + 1].lower}`
      : ''
  const after = tokens.slice(i + 1 + (particle ? 1 : 0))
  const rest = after.filter((t) => /[\p{L}\p{N}]/u.test(t.text))
  if (rest.length < 2) return null
  // "Marine protected areas are …": the verb is a participle inside the subject.
  if (after[0]?.pos === 'NOUN' && AUXILIARY.test(after[1]?.text || '')) return null
  // "Americans live no longer …" has no object to ask about.
  if (/^(no|not|never|longer)$/.test(after[0]?.lower || '')) return null
  const where = verb.lemma === 'take' && after[0]?.lower === 'place'
  // An intransitive verb ("occurs when …", "lives in …") has no object to ask about.
  if (!where && !['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'PRON'].includes(after[0]?.pos || '')) return null
  // "… uses both and cancels …", "… makes it possible …": a determiner or pronoun alone is no object to ask about.
  const head = after[1]?.pos || ''
  if (after[0]?.pos === 'DET' && !['NOUN', 'PROPN', 'ADJ', 'NUM', 'DET'].includes(head)) return null
  if (after[0]?.pos === 'PRON' && !['NOUN', 'PROPN', 'NUM'].includes(head)) return null
  const lemma = verb.lemma
  const helper =
    verb.lower === lemma ? 'do' : /s$/.test(verb.lower) && verb.lower.startsWith(lemma.slice(0, -1)) ? 'does' : 'did'
  // Unknown (seen only at the start of sentences): keep the source's spelling.
  const name = properName(term) ?? true
  const subjectText =
    /^\p{Lu}\p{Ll}/u.test(term) && !/\s\p{Lu}/u.test(term) && !name
      ? term.charAt(0).toLowerCase() + term.slice(1)
      : term
  const article = i - termWords === 1 ? `${tokens[0].lower} ` : ''
  if (where) return `Where ${helper} ${article}${subjectText} take place?`
  return `What ${helper} ${article}${subjectText} ${lemma}${particle}?`
}
