/**
 * Passages as lines in reading order, for the flashcards and the local engine's analysis: each
 * sentence, heading (a `#` line, a short title line, or one run into its sentence) and table row.
 */
import type { ChunkRef } from '#models/ai_json'
import type { Passage } from '#services/ai/engine'
import { headingLike, splitPlainSentences } from '#services/ai/nlp'
import { blockUnits, isStructuredBlock } from '#services/documents/structured_text'

type Line = {
  text: string
  ref: ChunkRef
  heading: boolean
  row: boolean
  previous: string | null
  index: number
  /** A title-like line right below a marked heading ("Type: Number Default: …"): no heading, no sentence to pick. */
  label?: boolean
}

/**
 * A table-of-contents entry: dot leaders between a title and its page ("2. How to use bzip2 . . . . 2").
 * Never a sentence of a summary, a guide, a card or a question (docs/decisions/ai.md "Real documents").
 */
export const hasLeaders = (text: string) => /\.(?: ?\.){4,}/.test(text)

/**
 * Page furniture, never a sentence to pick or ask about: a table-of-contents entry (`hasLeaders`),
 * a sign-off with an address ("-- Michael Biebl <biebl@debian.org>  Sat, 10 Dec 2022 …", the
 * trailer of every Debian changelog entry, an e-mail signature) or a line wholly in spaced brackets
 * ("[ Update man pages translations ]", "[ Guillem Jover ]": a changelog's attribution).
 */
export const isFurniture = (text: string) =>
  hasLeaders(text) || /^--\s+\S[^<>]*<[^<>\s@]+@[^<>\s@]+>/.test(text) || /^\[ [^[\]]+ \]$/.test(text)

/** A short line of its own, without closing punctuation: a heading of the document. */
export function isHeading(paragraph: string) {
  return headingLike(paragraph) && !paragraph.includes('\n')
}

/**
 * A heading that extraction ran into the sentence below it: "The light-dependent reactions The
 * light-dependent reactions convert …" (the heading repeated) or "Why photosynthesis matters
 * Photosynthesis is …" (a capitalised word of the heading starts the sentence). Returns the
 * heading's length in characters, or 0.
 */
export function gluedHeading(sentence: string): number {
  // "2.1 The Calvin cycle The Calvin cycle fixes …": the section number belongs to the heading.
  const number = /^\d{1,3}(?:\.\d{1,3})*\.? (?=\p{Lu})/u.exec(sentence)?.[0] ?? ''
  if (number) {
    const rest = gluedHeading(sentence.slice(number.length))
    return rest ? number.length + rest : 0
  }
  const parts = sentence.split(' ')
  if (!/^\p{Lu}/u.test(sentence)) return 0
  for (let k = 1; k <= Math.min(10, parts.length - 2); k++) {
    const next = parts[k]
    if (!/^\p{Lu}\p{Ll}/u.test(next) || /[.,;:!?)]$/.test(parts[k - 1])) continue
    const prefix = parts.slice(0, k).map((w) => w.toLowerCase())
    const repeated =
      k >= 2 &&
      parts
        .slice(k, 2 * k)
        .map((w) => w.toLowerCase())
        .join(' ') === prefix.join(' ')
    // A sentence-case heading: only its first word capitalised, and it holds the next word in lower case.
    const echoed =
      k >= 2 &&
      k <= 8 &&
      parts.slice(1, k).every((w) => !/\p{Lu}/u.test(w)) &&
      parts.slice(1, k).includes(next.toLowerCase())
    if (repeated || echoed) return parts.slice(0, k).join(' ').length
  }
  return 0
}

/**
 * Sentences in reading order, each knowing whether it is a heading (a `#` line of the stored
 * text, a short title line, or one run into its sentence), a table row, what came before it, and
 * its index among `splitSentences(passage.text)` (the order of the passage's sentence vectors).
 */
export function linesOf(passages: Passage[]): Line[] {
  const lines: Line[] = []
  for (const p of passages) {
    let previous: string | null = null
    let index = 0
    const ref = { document_id: p.document_id, chunk_index: p.chunk_index }
    // Right below a marked heading (`#` line), a short unpunctuated paragraph is its section's
    // first line ("### level" above "Type: Number Default: …", "## Installation" above "You can
    // install the library into your project via npm"), not a heading of its own.
    let belowHeading = false
    for (const paragraph of p.text.split(/\n{2,}/)) {
      const wasBelowHeading = belowHeading
      belowHeading = false
      if (isStructuredBlock(paragraph)) {
        for (const unit of blockUnits(paragraph, splitPlainSentences)) {
          lines.push({
            text: unit.text,
            ref,
            heading: unit.kind === 'heading',
            row: unit.kind === 'row',
            previous,
            index: index++,
          })
          previous = unit.kind === 'heading' || unit.kind === 'row' ? null : unit.text
          belowHeading = unit.kind === 'heading'
        }
        continue
      }
      const heading = !wasBelowHeading && isHeading(paragraph.trim())
      const sentences = splitPlainSentences(paragraph)
      if (heading) {
        lines.push({ text: paragraph.trim(), ref, heading, row: false, previous, index })
        index += sentences.length
        previous = null
        continue
      }
      for (const text of sentences) {
        const glued = gluedHeading(text)
        if (glued) {
          lines.push({ text: text.slice(0, glued), ref, heading: true, row: false, previous, index })
          lines.push({ text: text.slice(glued + 1), ref, heading: false, row: false, previous: null, index: index++ })
          previous = text.slice(glued + 1)
          continue
        }
        const label = wasBelowHeading && isHeading(paragraph.trim())
        lines.push({ text, ref, heading: false, row: false, previous, index: index++, label })
        previous = text
      }
    }
  }
  return lines
}
