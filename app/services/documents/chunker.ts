import { splitSentences } from '#services/ai/nlp'
import { isStructuredBlock, lineKind } from '#services/documents/structured_text'

export const CHUNK_TARGET = 1200
export const CHUNK_MAX = 1500

/** Splits a long run of text at word boundaries into pieces of at most `max` characters. */
function splitLong(text: string, max: number): string[] {
  const out: string[] = []
  let rest = text
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max)
    if (cut < max * 0.5) cut = max
    out.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest) out.push(rest)
  return out
}

/**
 * The sentences of a plain paragraph, as chunk units. Sentence splitting breaks after "?" or "!" even inside a token
 * (a URL's `?q=1`, "Why?Because"): a sentence that starts right where the one before ends, with no space between,
 * is joined back to it, so the units joined by a space rebuild the text as written. `split` is `splitSentences`
 * for chunks, `splitPlainSentences` for a description (ingest.ts).
 */
export function sentenceUnits(paragraph: string, split: (text: string) => string[] = splitSentences): string[] {
  const units: string[] = []
  let end = -1
  for (const sentence of split(paragraph)) {
    const start = paragraph.indexOf(sentence, Math.max(end, 0))
    if (units.length && start >= 0 && start === end) units[units.length - 1] += sentence
    else units.push(sentence)
    if (start >= 0) end = start + sentence.length
  }
  return units
}

/**
 * Ordered chunks of ~1,000–1,500 characters that end on sentence boundaries. Sentences of a
 * paragraph are joined by a space, paragraphs by a blank line, so every sentence stays a
 * verbatim substring of its chunk (the local engine's grounding depends on it). A heading, list
 * or table block (structured_text.ts) keeps one line per heading, item or row, and a heading
 * opens a new chunk once the current one is half full, so it never ends a chunk cut from its text.
 */
export function chunkText(text: string, target = CHUNK_TARGET, max = CHUNK_MAX): string[] {
  const chunks: string[] = []
  let current = ''
  const push = () => {
    if (current.trim()) chunks.push(current.trim())
    current = ''
  }
  for (const paragraph of text.split(/\n{2,}/)) {
    const structured = isStructuredBlock(paragraph)
    if (structured && lineKind(paragraph.trim()) === 'heading' && current.length >= target / 2) push()
    const units = structured
      ? paragraph
          .trim()
          .split('\n')
          // A nested list item keeps its indent (structured_text.ts).
          .map((line) => (lineKind(line.trim()) === 'item' ? line.trimEnd() : line.trim()))
      : sentenceUnits(paragraph)
    let first = true
    for (const unit of units) {
      for (const piece of unit.length > max ? splitLong(unit, max) : [unit]) {
        const sep = current ? (first ? '\n\n' : structured ? '\n' : ' ') : ''
        if (current && current.length + sep.length + piece.length > max) push()
        current += (current ? (first ? '\n\n' : structured ? '\n' : ' ') : '') + piece
        first = false
        if (current.length >= target && !(structured && lineKind(piece) === 'heading')) push()
      }
    }
  }
  push()
  return chunks
}
