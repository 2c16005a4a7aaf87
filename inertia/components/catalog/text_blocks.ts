/**
 * Extracted text → blocks a page can render (issue 29): Markdown headings, lists and tables,
 * and for PDF text, lines joined back into paragraphs and short title lines read as headings.
 * Pure so it is unit-tested (tests/unit/text_blocks.spec.ts).
 */
export type TextBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; header: string[] | null; rows: string[][] }

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/
const LIST_ITEM = /^\s*(?:([-*+•])|(\d{1,3})[.)])\s+(.*)$/
const TABLE_ROW = /^\s*\|.*\|\s*$/
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/
const ENDS_SENTENCE = /[.!?:;,)"”’]$/

function cells(line: string) {
  const trimmed = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

/** A line that looks like a title in PDF text: short, unpunctuated, capitalised, followed by text. */
function looksLikeTitle(line: string, next: string | undefined) {
  const words = line.split(/\s+/).length
  return (
    next !== undefined &&
    line.length <= 70 &&
    words <= 9 &&
    !ENDS_SENTENCE.test(line) &&
    /^[\p{Lu}\d]/u.test(line) &&
    /^[\p{Lu}\d"“]/u.test(next.trim())
  )
}

function joinLines(lines: string[]) {
  return lines.reduce((text, line) => {
    if (!text) return line
    // "photo-\nsynthesis" was one word broken at the line end.
    if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line)) return text.slice(0, -1) + line
    return `${text} ${line}`
  }, '')
}

export function textBlocks(text: string): TextBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const blocks: TextBlock[] = []
  let paragraph: string[] = []

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: joinLines(paragraph) })
    paragraph = []
  }

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]
    const line = raw.trim()
    if (!line) {
      flush()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      blocks.push({ kind: 'heading', level: Math.min(4, heading[1].length + 1) as 2 | 3 | 4, text: heading[2] })
      continue
    }
    if (TABLE_ROW.test(line)) {
      flush()
      const rows: string[][] = []
      let header: string[] | null = null
      while (i < lines.length && TABLE_ROW.test(lines[i].trim())) {
        const current = lines[i].trim()
        if (TABLE_SEPARATOR.test(current)) {
          if (rows.length === 1 && header === null) header = rows.pop()!
        } else {
          rows.push(cells(current))
        }
        i++
      }
      i--
      blocks.push({ kind: 'table', header, rows })
      continue
    }
    const item = LIST_ITEM.exec(raw)
    if (item) {
      flush()
      const ordered = Boolean(item[2])
      const items: string[] = [item[3].trim()]
      while (i + 1 < lines.length) {
        const next = lines[i + 1]
        const nextItem = LIST_ITEM.exec(next)
        if (nextItem && Boolean(nextItem[2]) === ordered) items.push(nextItem[3].trim())
        else if (next.trim() && /^\s{2,}/.test(next) && !nextItem)
          items[items.length - 1] = joinLines([items[items.length - 1], next.trim()])
        else break
        i++
      }
      blocks.push({ kind: 'list', ordered, items })
      continue
    }
    const previous = paragraph[paragraph.length - 1]
    const startsBlock = previous === undefined || ENDS_SENTENCE.test(previous)
    const next = lines[i + 1]
    if (startsBlock && next !== undefined && next.trim() && !LIST_ITEM.test(next) && looksLikeTitle(line, next)) {
      flush()
      blocks.push({ kind: 'heading', level: 3, text: line })
      continue
    }
    paragraph.push(line)
  }
  flush()
  return blocks
}
