/**
 * Plain text → the stored structured text (structured_text.ts): headings a plain `.txt` shows
 * only by layout get the `#` markers the other formats write, so they never run into the
 * sentence below them. Conservative, because an ordinary short line must stay text:
 * - a line underlined with `===` (level 1) or `---` (level 2);
 * - a numbered section line, "2.1 The light reactions" (level by the number's depth);
 * - an ALL-CAPS line;
 * - a short title-like line (capitalised, at most 10 words, no closing punctuation, not ending in
 *   a function word) standing alone before a paragraph or a list, or opening a block whose body
 *   is a paragraph of longer lines (so the first line of a hard-wrapped paragraph is never one).
 * List items and every other line are left as they are (`normalizeStructured` reads them).
 * Line by line, each line looked at a bounded number of times; regular expressions run only on
 * lines of at most 80 characters.
 */
const MAX_LENGTH = 80
const MAX_WORDS = 10
const LIST_MARKER = /^\s*(?:[-*+•‣◦▪]\s|\d{1,3}[.)]\s)/
const RULE = /^\s*([-=_*~#+•])(?:\s*\1){2,}\s*$/
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2}){0,3})(\.?)\s+(\p{Lu}.*)$/u
const MONTH = /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/
/** Closing punctuation of a sentence or a clause: a heading never ends in one (a bracket may close it). */
const CLOSING = /[.!?,;:…"“”'‘’]$/
const ENDS_SENTENCE = /[.!?…]["”’)\]]*$/
const FUNCTION_WORDS = new Set(
  'a an and are as at be but by for from if in into is its nor of on or so than that the their then this to was were which who with'.split(
    ' '
  )
)

type Kind = 'numbered' | 'caps' | 'title'
type Candidate = { kind: Kind; level: number; text: string; listSyntax?: boolean }

function wordCount(line: string) {
  return line.split(/\s+/).length
}

/** What kind of heading the line could be, judged on the line alone (no context), or null. */
function candidate(raw: string): Candidate | null {
  if (raw.length > 4 * MAX_LENGTH && raw.trim().length > MAX_LENGTH) return null
  const line = raw.trim().replace(/\s+/g, ' ')
  if (line.length === 0 || line.length > MAX_LENGTH || /^[#|]/.test(line)) return null
  if (RULE.test(line) || CLOSING.test(line) || !/\p{L}/u.test(line)) return null
  // A copyright notice stands alone like a title but is not one.
  if (/^(?:copyright\b|\(c\)|©)/i.test(line)) return null
  const last = line.slice(line.lastIndexOf(' ') + 1).toLowerCase()
  if (FUNCTION_WORDS.has(last) && line.includes(' ')) return null
  const numbered = NUMBERED.exec(line)
  if (numbered) {
    const [, number, dot, rest] = numbered
    // "12 March 2024" is a date; "3 Apples were …" is over-long or ends with punctuation anyway.
    if (MONTH.test(rest) || wordCount(rest) > MAX_WORDS) return null
    const depth = number.split('.').length
    return {
      kind: 'numbered',
      level: Math.min(4, depth + 1),
      text: line,
      listSyntax: dot === '.' && !number.includes('.'),
    }
  }
  if (LIST_MARKER.test(line)) return null
  const letters = line.replace(/[^\p{L}]/gu, '')
  if (letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    return wordCount(line) <= 12 ? { kind: 'caps', level: 1, text: line } : null
  if (!/^\p{Lu}/u.test(line) || wordCount(line) > MAX_WORDS) return null
  return { kind: 'title', level: 2, text: line }
}

function setextLevel(line: string | undefined): number {
  const t = line?.trim() ?? ''
  if (t.length < 3 || t.length > 200) return 0
  if (/^=+$/.test(t)) return 1
  if (/^-+$/.test(t)) return 2
  return 0
}

const isRule = (line: string) => line.length <= 200 && RULE.test(line)
const isListLine = (line: string | undefined) => line !== undefined && LIST_MARKER.test(line)

/** Body text after a heading: a list, or a paragraph that reads as sentences. */
function isBody(lines: string[]): boolean {
  if (!lines.length) return false
  if (isListLine(lines[0])) return true
  if (!/^[\p{Lu}\p{N}"“‘'(]/u.test(lines[0].trim())) return false
  const last = lines[lines.length - 1].trim().slice(-20)
  let length = 0
  for (let i = 0; i < lines.length && length < 120; i++) length += lines[i].length + 1
  return ENDS_SENTENCE.test(last) || length >= 120
}

const indentOf = (line: string) => line.length - line.trimStart().length

type Block = { lines: string[]; setext: number }

/**
 * Blocks of lines separated by blank lines. A rule line (`***`, `-----`) also ends a block and is
 * dropped, except under a block's single title-like line: then it is that line's setext underline.
 */
function blocksOfLines(text: string): Block[] {
  const blocks: Block[] = []
  let current: string[] = []
  const end = (setext = 0) => {
    if (current.length) blocks.push({ lines: current, setext })
    current = []
  }
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') end()
    else if (isRule(line) || setextLevel(line)) {
      const level = setextLevel(line)
      end(level && current.length === 1 && candidate(current[0]) && !isListLine(current[0]) ? level : 0)
    } else current.push(line)
  }
  end()
  return blocks
}

const marker = (level: number, text: string) => `${'#'.repeat(level)} ${text}`

export function plainToStructured(text: string): string {
  const blocks = blocksOfLines(text)
  const out: string[] = []
  // How the block before ended: a lone short line after another lone short line is part of a
  // run of short lines (a list without markers), not a heading; "1. Title" after a list item is an item.
  let previousWasShortLine = false
  let previousWasHeading = false
  let previousEndsWithItem = false
  for (let b = 0; b < blocks.length; b++) {
    const { lines, setext } = blocks[b]
    const next = blocks[b + 1]?.lines
    const c = candidate(lines[0])
    let heading = false
    if (setext) heading = true
    else if (c && lines.length > 1) {
      // Opening a block: the body's lines must be clearly longer (not a hard-wrapped paragraph).
      const rest = lines.slice(1)
      let longest = 0
      for (const l of rest) longest = Math.max(longest, l.trim().length)
      const length = lines[0].trim().length
      if (isListLine(rest[0])) heading = !c.listSyntax
      // A man page's section: "OPTIONS" or "FILES" at the margin, its body indented below it
      // ("-k --keep", "~/.ssh/config"), however that body opens.
      else if (c.kind === 'caps' && indentOf(rest[0]) > indentOf(lines[0])) heading = true
      else
        heading =
          isBody(rest) &&
          (rest.length === 1 ? rest[0].trim().length >= 40 && length <= 0.7 * longest : length <= 0.6 * longest)
    } else if (c && next) {
      const nextIsHeading = startsWithStrongHeading(blocks[b + 1])
      if (c.listSyntax)
        // "1. Introduction" is list syntax: a heading only when no list item is next to it.
        heading = !previousEndsWithItem && !isListLine(next[0]) && (isBody(next) || nextIsHeading)
      else if (c.kind === 'numbered' || c.kind === 'caps')
        heading = isBody(next) || nextIsHeading || candidate(next[0]) !== null
      else
        heading =
          (b === 0 && (isBody(next) || candidate(next[0]) !== null)) ||
          ((!previousWasShortLine || previousWasHeading) && (isBody(next) || nextIsHeading))
    }
    if (heading && c) {
      // A document's opening title line sits above its section titles.
      const level = setext || (b === 0 && c.kind === 'title' && lines.length === 1 ? 1 : c.level)
      out.push(marker(level, c.text))
      if (lines.length > 1 && !setext) out.push(lines.slice(1).join('\n'))
    } else out.push(lines.join('\n'))
    previousWasHeading = heading && (lines.length === 1 || setext > 0)
    previousWasShortLine = lines.length === 1 && c !== null
    previousEndsWithItem = isListLine(lines[lines.length - 1])
  }
  return out.join('\n\n')
}

/** A block that opens with a setext, numbered or ALL-CAPS heading (a strong sign on its own). */
function startsWithStrongHeading(block: Block): boolean {
  if (block.setext) return true
  const c = candidate(block.lines[0])
  return c !== null && (c.kind === 'caps' || (c.kind === 'numbered' && !c.listSyntax))
}
