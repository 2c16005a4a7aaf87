/**
 * Plain, in-process NLP used by the local engine and by document ingestion: sentence
 * splitting, tokenising and stemming (keyword extraction is in keywords.ts, the vector maths
 * in vectors.ts). No network: deterministic and fast (bench/ai_tools.bench.ts).
 */
import { seededRandom } from '#services/random/seeded_random'
import { isSpace } from '#services/documents/text_scan'
import { blockUnits, isStructuredBlock, type Unit } from '#services/documents/structured_text'
import { cutAtCharacter } from '#shared/text'
import { joinLineEndHyphens } from '#services/ai/line_hyphens'
import { sentenceSegments } from '#services/ai/sentence_segments'

export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both but by can cannot could couldn't did didn't do does doesn't doing don't down during each either else etc even ever every few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just let's like made make makes many may me might more most much must mustn't my myself neither no nor not now of off often on once one only or other others ought our ours ourselves out over own per rather same shall shan't she she'd she'll she's should shouldn't since so some such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've this those though through thus to too two under until up upon us use used uses using very via was wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether which while who who's whom whose why why's will with within without won't would wouldn't yet you you'd you'll you're you've your yours yourself yourselves also another around among called can't first second third may new well way ways within without known often usually therefore thereby whereas`.split(
    /\s+/
  )
)

export function isStopword(word: string) {
  return STOPWORDS.has(word.toLowerCase())
}

// eslint-disable-next-line no-control-regex -- NUL bytes in extracted text are dropped on purpose
const NUL_BYTES = /\u0000/g

const JOINER_IN_WORDS =
  /(?<=[\p{Script=Latin}\p{N}\s\p{P}]|^)[\u200c\u200d]+|[\u200c\u200d]+(?=[\p{Script=Latin}\p{N}\s\p{P}]|$)/gu

/**
 * The character pass of `normalizeText` (NFKC, one kind of line break, no NUL or invisible
 * characters, tabs as spaces, hyphenated line breaks joined). Linear already, so the former
 * text functions (tests/support/legacy_text.ts) share it.
 */
export function normalizeCharacters(raw: string): string {
  let text = raw.normalize('NFKC').replace(/\r\n?/g, '\n').replace(NUL_BYTES, '')
  text = text.replace(/[\u00ad\u200b\u2060\ufeff]/g, '')
  // Joiners mean something between emoji and in joining scripts; beside a Latin letter, a digit, a
  // space or punctuation they only hide a word from search.
  text = text.replace(JOINER_IN_WORDS, '')
  text = text.replace(/[\t\f\v\u00a0]+/g, ' ')
  // Names broken after an underscore at a line's end: a PDF's "ASN1_\nMAX_SIZE".
  return joinLineEndHyphens(text).replace(/([\p{L}\p{N}]_)\n *(?=[\p{L}\p{N}])/gu, '$1')
}

/** Unicode-normalises extracted text: joins hyphenated line breaks, collapses spaces, keeps paragraphs. */
export function normalizeText(raw: string): string {
  // A single newline inside a paragraph is a soft wrap; two or more separate paragraphs.
  const paragraphs = splitParagraphs(normalizeCharacters(raw))
    .flatMap(splitHeadingLines)
    .map((p) => collapseLineBreaks(p).replace(/ {2,}/g, ' ').trim())
    .filter((p) => p.length > 0)
  return paragraphs.join('\n\n')
}

/**
 * `text.split(/\n\s*\n+/)` in linear time (issue 23 item 3): a whitespace run holding two or
 * more newlines separates paragraphs, from its first newline to its last.
 */
function splitParagraphs(text: string): string[] {
  const out: string[] = []
  let last = 0
  for (let i = text.indexOf('\n'); i >= 0;) {
    let end = i + 1
    let lastNewline = i
    while (end < text.length && isSpace(text.charCodeAt(end))) {
      if (text.charCodeAt(end) === 10) lastNewline = end
      end++
    }
    if (lastNewline > i) {
      out.push(text.slice(last, i))
      last = lastNewline + 1
    }
    i = text.indexOf('\n', end)
  }
  out.push(text.slice(last))
  return out
}

/**
 * The former `replace` of \s* newline \s* by a space, in linear time: a whitespace run
 * holding a newline becomes one space.
 */
function collapseLineBreaks(p: string): string {
  if (!p.includes('\n')) return p
  const out: string[] = []
  let last = 0
  for (let i = 0; i < p.length;) {
    if (!isSpace(p.charCodeAt(i))) {
      i++
      continue
    }
    let end = i
    let newline = false
    for (; end < p.length && isSpace(p.charCodeAt(end)); end++) if (p.charCodeAt(end) === 10) newline = true
    if (newline) {
      out.push(p.slice(last, i), ' ')
      last = end
    }
    i = end
  }
  out.push(p.slice(last))
  return out.join('')
}

/** An optional section number ("2.1 ", "3. ") before a heading's first word. */
const SECTION_NUMBER = /^\d{1,3}(?:\.\d{1,3})*\.?\s+/
/** Closing punctuation (Latin, CJK, Arabic): a line ending so is no heading. */
const CLOSING = /[.!?,;:。！？，；：、؟،]["'”’)\]]*$/u

/**
 * A line that may be a heading: short, no closing punctuation, opening (after an optional section
 * number) with a capital or with a letter of a script without case (CJK, Arabic, …).
 */
export function headingLike(line: string): boolean {
  return (
    line.length > 0 &&
    line.length <= 80 &&
    line.split(/\s+/).length <= 10 &&
    !CLOSING.test(line) &&
    /^[\p{Lu}\p{Lo}]/u.test(line.replace(SECTION_NUMBER, ''))
  )
}

/**
 * A line that the next line's first word would have made longer than the lines around it (`width`):
 * the text was wrapped there ("… connect to this socket using the same" / "ControlPath with …" in
 * a man page), so it is no heading, however it looks. Scripts without case have no words to measure.
 */
function wrapped(line: string, next: string, width: number) {
  const word = /^\S+/.exec(next)?.[0] ?? ''
  return word.length > 0 && line.length + 1 + word.length > width
}

/**
 * A heading line (`headingLike`) that opens a paragraph or follows a finished sentence (closing
 * quotes and brackets allowed) becomes its own paragraph, so it never merges into the text below it,
 * when that text opens like a sentence: a capital, a word such as "mRNA", or, below a heading in a
 * script without case, a line at least half again as long (a wrapped line is not shorter than the
 * next), unless the text was only wrapped there (`wrapped`). Linear already: the former text
 * functions (tests/support/legacy_text.ts) share it.
 */
export function splitHeadingLines(paragraph: string): string[] {
  const lines = paragraph.split('\n')
  if (lines.length < 2) return [paragraph]
  const out: string[] = []
  let current: string[] = []
  lines.forEach((raw, i) => {
    const line = raw.trim()
    const previous = current.length ? current[current.length - 1].trim() : ''
    const next = lines[i + 1]?.trim() || ''
    const caseless = /^\p{Lo}/u.test(line.replace(SECTION_NUMBER, ''))
    const opensSentence = caseless
      ? /^[\p{Lo}\p{Lu}\d]/u.test(next) && next.length >= line.length * 1.5
      : /^(?:\p{Lu}|\p{Ll}{1,3}\p{Lu}{2})/u.test(next)
    const heading =
      headingLike(line) &&
      opensSentence &&
      (!previous || /[.!?:。！？]["'”’)\]]*$/u.test(previous)) &&
      (caseless || !wrapped(line, next, Math.max(lines[i - 1]?.trim().length ?? 0, next.length)))
    if (heading) {
      if (current.length) out.push(current.join('\n'))
      out.push(line)
      current = []
    } else current.push(raw)
  })
  if (current.length) out.push(current.join('\n'))
  return out
}

/** Abbreviations after which the segmenter's sentence break is undone ("e.g.", "Dr.", initials). */
const ABBREVIATION_END = /(?:\b(?:e\.g|i\.e|etc|vs|Dr|Mr|Mrs|Ms|Prof|St|Fig|No|al)\.|\b\p{Lu}\.)$/u

/**
 * Sentences, verbatim (trimmed) substrings of the text, split per paragraph. A heading, list or
 * table block of the stored text (documents/structured_text.ts) gives its heading, its items'
 * sentences and its rows, without their markers; every other paragraph is split as
 * `splitPlainSentences` splits it.
 */
export function splitSentences(text: string): string[] {
  return splitSentenceUnits(text).map((unit) => unit.text)
}

/**
 * `splitSentences`, each sentence with the kind of unit it is (structured_text.ts): a heading is a
 * `#` line of the stored text, or a paragraph that is one heading-like line (text stored before
 * headings were marked).
 */
export function splitSentenceUnits(text: string): { text: string; kind: Unit['kind'] }[] {
  const plain = (paragraph: string) => {
    const sentences = splitPlainSentences(paragraph)
    const heading = sentences.length === 1 && !paragraph.includes('\n') && headingLike(sentences[0])
    return sentences.map((sentence) => ({ text: sentence, kind: heading ? ('heading' as const) : ('text' as const) }))
  }
  if (!/^[#|\-*+•\d]/m.test(text)) return text.split(/\n{2,}/).flatMap(plain)
  const out: { text: string; kind: Unit['kind'] }[] = []
  for (const paragraph of text.split(/\n{2,}/)) {
    if (isStructuredBlock(paragraph)) out.push(...blockUnits(paragraph, splitPlainSentences))
    else out.push(...plain(paragraph))
  }
  return out
}

/**
 * Sentences of plain text, verbatim (trimmed) substrings, split per paragraph. Linear (issue 23
 * item 3): a sentence that grows by joins is tracked by its position and its last characters
 * (the longest abbreviation, "Prof.", plus one for `\b`), never searched or re-read whole.
 */
export function splitPlainSentences(text: string): string[] {
  const out: string[] = []
  for (const paragraph of text.split(/\n{2,}/)) {
    let pending = ''
    let pendingEnd = 0
    let tail = ''
    for (const { segment, index } of sentenceSegments(paragraph)) {
      const s = segment.trim()
      if (!s) continue
      const start = index + (segment.length - segment.trimStart().length)
      // Re-join splits after common abbreviations when one space separates the two parts.
      if (
        pending &&
        ABBREVIATION_END.test(tail) &&
        start === pendingEnd + 1 &&
        paragraph.charCodeAt(pendingEnd) === 32
      ) {
        pending = pending + ' ' + s
        pendingEnd = start + s.length
        tail = (tail + ' ' + s.slice(-12)).slice(-12)
        continue
      }
      if (pending) out.push(pending)
      pending = s
      pendingEnd = start + s.length
      tail = s.slice(-12)
    }
    if (pending) out.push(pending)
  }
  return out
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu

/** Lower-cased word tokens (stopwords kept). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD_RE) || []) as string[]
}

/** A light suffix stemmer so "cells"/"cell" and "dividing"/"divide" meet. */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '')
  if (w.length <= 3) return w
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y'
  if (w.endsWith('sses')) return w.slice(0, -2)
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w
  if (w.endsWith('s') && !w.endsWith('ous')) w = w.slice(0, -1)
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3)
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2)
  return w
}

/** Content terms (stemmed, no stopwords, no 1-char tokens). */
export function terms(text: string): string[] {
  const out: string[] = []
  for (const w of words(text)) {
    if (w.length < 2 || STOPWORDS.has(w)) continue
    out.push(stem(w))
  }
  return out
}

/** Lower-case surface forms match case-insensitively as whole words. */
const wholeWordCache = new Map<string, RegExp>()

export function findWhole(haystack: string, needle: string): number {
  // Cheap pre-check before the (cached) whole-word regex.
  if (!haystack.toLowerCase().includes(needle.toLowerCase())) return -1
  let re = wholeWordCache.get(needle)
  if (!re) {
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    re = new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})(?![\\p{L}\\p{N}])`, 'iu')
    if (wholeWordCache.size > 5000) wholeWordCache.clear()
    wholeWordCache.set(needle, re)
  }
  const m = re.exec(haystack)
  return m ? m.index + m[1].length : -1
}

/** Deterministic pseudo-random generator for option shuffles. */
export { seededRandom }

/** Cuts text at the last sentence end before `max` characters (or at a word). */
export function cutAtSentence(text: string, max: number): string {
  if (text.length <= max) return text
  const slice = cutAtCharacter(text, max)
  const end = Math.max(slice.lastIndexOf('. '), slice.lastIndexOf('? '), slice.lastIndexOf('! '))
  if (end > max * 0.4) return slice.slice(0, end + 1)
  const space = slice.lastIndexOf(' ')
  return (space > 0 ? slice.slice(0, space) : slice) + '…'
}
