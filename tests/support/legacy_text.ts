/**
 * The text functions as they were before issue 23 item 3 (regular expressions with
 * super-linear worst cases), kept verbatim as the oracle of the property tests: the linear
 * rewrites must return the same results on ordinary text. Never used by the app. The parts the
 * rewrite left alone (the character pass, heading lines) are the app's own.
 */
import { normalizeCharacters, splitHeadingLines } from '#services/ai/nlp'

/** Markdown to plain text: drops syntax, keeps words (headings become paragraphs). */
export function legacyMarkdownToText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*\n?/g, ''))
    .replace(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm, '\n$1.\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+[.)]\s+/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, '\n')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(\*|_)(\S.*?\S|\S)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\.\.\n/g, '.\n')
}

/** Unicode-normalises extracted text: joins hyphenated line breaks, collapses spaces, keeps paragraphs. */
export function legacyNormalizeText(raw: string): string {
  // A single newline inside a paragraph is a soft wrap; two or more separate paragraphs.
  const paragraphs = normalizeCharacters(raw)
    .split(/\n\s*\n+/)
    .flatMap(splitHeadingLines)
    .map((p) =>
      p
        .replace(/\s*\n\s*/g, ' ')
        .replace(/ {2,}/g, ' ')
        .trim()
    )
    .filter((p) => p.length > 0)
  return paragraphs.join('\n\n')
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })

/** Sentences, verbatim (trimmed) substrings of the text, split per paragraph. */
export function legacySplitSentences(text: string): string[] {
  const out: string[] = []
  for (const paragraph of text.split(/\n{2,}/)) {
    let pending = ''
    let pendingStart = 0
    for (const { segment, index } of segmenter.segment(paragraph)) {
      const s = segment.trim()
      if (!s) continue
      // Re-join splits after common abbreviations ("e.g.", "Dr.", single initials).
      if (pending && /(?:\b(?:e\.g|i\.e|etc|vs|Dr|Mr|Mrs|Ms|Prof|St|Fig|No|al)\.|\b\p{Lu}\.)$/u.test(pending)) {
        // The former code looked the joined text up anywhere in the paragraph (`indexOf(...) >= 0`), so
        // "Dr._" was joined to "Dr. _" because "Dr. _cell_" stood earlier; the oracle keeps its rule at the
        // place the two parts stand, as the linear code does (a fast-check counterexample, session 7).
        const joined = paragraph.startsWith(pending + ' ' + s, pendingStart) ? pending + ' ' + s : null
        if (joined) {
          pending = joined
          continue
        }
      }
      if (pending) out.push(pending)
      pending = s
      pendingStart = index + (segment.length - segment.trimStart().length)
    }
    if (pending) out.push(pending)
  }
  return out
}
