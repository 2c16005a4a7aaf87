/**
 * Extracted text → blocks a page can render (issue 29): Markdown headings, lists and tables,
 * and for PDF text, lines joined back into paragraphs and short title lines read as headings.
 * Pure so it is unit-tested (tests/unit/text_blocks.spec.ts).
 */
/** A list; `sublists[i]`, when present, is the list nested under item `i` (an item indented past it). */
export type ListBlock = { kind: 'list'; ordered: boolean; items: string[]; sublists?: (ListBlock | undefined)[] }
export type TextBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'paragraph'; text: string }
  | ListBlock
  | { kind: 'table'; header: string[] | null; rows: string[][] }

const MAX_DEPTH = 6

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

const indentOf = (line: string) => line.length - line.trimStart().length

/**
 * The list starting at `lines[start]` (an item): items of its kind at its indent, their wrapped
 * lines, and the lists nested under them (items indented further). Returns the list and the
 * index of the first line after it.
 */
function readList(lines: string[], start: number, depth = 0): [ListBlock, number] {
  const first = LIST_ITEM.exec(lines[start])!
  const indent = indentOf(lines[start])
  const list: ListBlock = { kind: 'list', ordered: Boolean(first[2]), items: [first[3].trim()] }
  let i = start + 1
  while (i < lines.length) {
    const next = lines[i]
    const item = LIST_ITEM.exec(next)
    if (item && indentOf(next) > indent && depth < MAX_DEPTH) {
      const [sub, end] = readList(lines, i, depth + 1)
      list.sublists ??= []
      const last = list.items.length - 1
      const before = list.sublists[last]
      if (before && before.ordered === sub.ordered && !sub.sublists) before.items.push(...sub.items)
      else list.sublists[last] = sub
      i = end
    } else if (item && indentOf(next) >= indent && Boolean(item[2]) === list.ordered) {
      list.items.push(item[3].trim())
      i++
    } else if (!item && next.trim() && /^\s{2,}/.test(next)) {
      list.items[list.items.length - 1] = joinLines([list.items[list.items.length - 1], next.trim()])
      i++
    } else break
  }
  return [list, i]
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
    if (LIST_ITEM.test(raw)) {
      flush()
      const [list, end] = readList(lines, i)
      blocks.push(list)
      i = end - 1
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

/**
 * Elements the page renders before "Show the rest": a heading, a paragraph, a list item or a table
 * row each count one. React renders about 25,000 of them a second on the server, inside the event
 * loop, so a stored text of 100,000 one-word lines held every other request for seconds; 2,000 is
 * a 100-page report and about 0.1 s.
 */
export const RENDER_BUDGET = 2000

function listCost(list: ListBlock): number {
  return list.items.reduce((sum, _, i) => sum + 1 + (list.sublists?.[i] ? listCost(list.sublists[i]!) : 0), 0)
}

/** A list cut to `budget` elements, items first, then what is nested under them. */
function cutList(list: ListBlock, budget: number): ListBlock {
  const items: string[] = []
  const sublists: (ListBlock | undefined)[] = []
  for (let i = 0; i < list.items.length && budget > 0; i++) {
    items.push(list.items[i])
    budget--
    const sub = list.sublists?.[i]
    if (sub && budget > 0) sublists[i] = listCost(sub) <= budget ? sub : cutList(sub, budget)
    budget -= sub ? Math.min(budget, listCost(sub)) : 0
  }
  return sublists.length ? { ...list, items, sublists } : { kind: 'list', ordered: list.ordered, items }
}

/** The blocks that fit in `budget` elements (an oversized list or table is cut), and how many were left out. */
export function firstBlocks(blocks: TextBlock[], budget = RENDER_BUDGET): { shown: TextBlock[]; hidden: number } {
  const shown: TextBlock[] = []
  let left = budget
  let hidden = 0
  for (const block of blocks) {
    const cost = block.kind === 'list' ? listCost(block) : block.kind === 'table' ? block.rows.length + 1 : 1
    if (cost <= left) shown.push(block)
    else if (left > 1 && block.kind === 'list') shown.push(cutList(block, left))
    else if (left > 1 && block.kind === 'table') shown.push({ ...block, rows: block.rows.slice(0, left - 1) })
    hidden += Math.max(0, cost - left)
    left = Math.max(0, left - cost)
  }
  return { shown, hidden }
}
