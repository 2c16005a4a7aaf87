/*
| Small text rules shared by the server (page metadata) and the pages (issue 29): counts that
| agree in number, and cut text that never stops mid-phrase.
*/

/** "1 page", "12 pages". */
export function pagesLabel(count: number) {
  return `${count} ${count === 1 ? 'page' : 'pages'}`
}

const TERMINAL = /[.!?…)"”’]$/
const DANGLING = /\s+(?:a|an|the|and|or|but|of|to|in|on|at|for|with|by|from|as|is|are|was|were)$/i

/** Ends a phrase that was cut off: drops a dangling little word and punctuation, adds "…". */
export function endPhrase(text: string) {
  let cut = text.replace(/[\s,;:\-–—(]+$/, '')
  while (DANGLING.test(cut)) cut = cut.replace(DANGLING, '').replace(/[\s,;:\-–—(]+$/, '')
  return `${cut}…`
}

/** Cuts text at a sentence end (or else a word boundary) within `max` characters. */
export function cutAtBoundary(text: string, max: number) {
  const clean = text.replace(/\s+/g, ' ').trim()
  // A stored text that ends on "and the" was cut mid-phrase upstream; say so.
  if (clean.length <= max) return !TERMINAL.test(clean) && DANGLING.test(clean) ? endPhrase(clean) : clean
  const window = clean.slice(0, max)
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '))
  if (sentenceEnd >= max * 0.5) return window.slice(0, sentenceEnd + 1)
  const space = window.lastIndexOf(' ')
  return endPhrase(space > 0 ? window.slice(0, space) : window.slice(0, max - 1))
}

let graphemes: Intl.Segmenter | null = null

/**
 * The longest start of `text` of at most `max` UTF-16 units that ends between two characters as a
 * reader sees them: never half a surrogate pair, a base letter without its combining marks, or part of
 * an emoji sequence. Only the units around the cut are segmented.
 */
export function cutAtCharacter(text: string, max: number): string {
  if (text.length <= max) return text
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' })
  const from = Math.max(0, max - 64)
  let end = from
  for (const { index, segment } of graphemes.segment(text.slice(from, max + 64))) {
    if (from + index + segment.length > max) break
    end = from + index + segment.length
  }
  return text.slice(0, end)
}
