/**
 * Markdown → the stored structured text (structured_text.ts): headings (ATX and setext), lists
 * and tables keep their structure, inline syntax goes (`inlineMarkdown`), paragraphs become one
 * line. Line by line, with no regular expression that can backtrack over a long line.
 */
import { inlineMarkdown } from '#services/documents/markdown_inline'

const isBlank = (line: string) => line.trim() === ''

/** `#`…`######` then a space: `{ level, text }` with closing `#`s removed. */
function atxHeading(line: string): { level: number; text: string } | null {
  const t = line.trimStart()
  if (line.length - t.length > 3 || t[0] !== '#') return null
  let n = 0
  while (t[n] === '#') n++
  if (n > 6 || (t.length > n && t[n] !== ' ' && t[n] !== '\t')) return null
  let text = t.slice(n).trim()
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end--
  if (end < text.length && (end === 0 || text[end - 1] === ' ')) text = text.slice(0, end).trim()
  return { level: n, text }
}

/** A thematic break: three or more of one of `-*_`, spaces allowed. */
function isRule(line: string) {
  const t = line.replace(/\s/g, '')
  return t.length >= 3 && (t[0] === '-' || t[0] === '*' || t[0] === '_') && t.split('').every((c) => c === t[0])
}

/** A setext underline: `===` (level 1) or `---` (level 2). */
function setextLevel(line: string): number {
  const t = line.trim()
  if (t.length === 0 || line.length - line.trimStart().length > 3) return 0
  if ([...t].every((c) => c === '=')) return 1
  if ([...t].every((c) => c === '-')) return 2
  return 0
}

/** `- item`, `* item`, `+ item`, `1. item`, `1) item`: `{ ordered, number, text, indent }`. */
function listItem(line: string): { ordered: boolean; number: number; text: string; indent: number } | null {
  const t = line.trimStart()
  const indent = line.length - t.length
  if ((t[0] === '-' || t[0] === '*' || t[0] === '+') && (t[1] === ' ' || t[1] === '\t') && t.slice(2).trim()) {
    return { ordered: false, number: 0, text: t.slice(2).trim(), indent }
  }
  let d = 0
  while (d < t.length && d < 9 && t.charCodeAt(d) >= 48 && t.charCodeAt(d) <= 57) d++
  if (d > 0 && (t[d] === '.' || t[d] === ')') && (t[d + 1] === ' ' || t[d + 1] === '\t') && t.slice(d + 2).trim()) {
    return { ordered: true, number: Number(t.slice(0, d)), text: t.slice(d + 2).trim(), indent }
  }
  return null
}

/** A table's delimiter row: cells of `-` with optional `:`, separated by `|`. */
function isTableSeparator(line: string) {
  const t = line.trim()
  if (!t.includes('-') || !/^[|:\- ]+$/.test(t)) return false
  const cells = splitCells(t)
  return cells.length > 0 && cells.every((c) => /^:?-+:?$/.test(c))
}

/** Cells of a table row, unescaping `\|`. */
function splitCells(line: string): string[] {
  let t = line.trim()
  if (t.startsWith('|')) t = t.slice(1)
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1)
  const cells: string[] = []
  let cell = ''
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '\\' && t[i + 1] === '|') {
      cell += '|'
      i++
    } else if (t[i] === '|') {
      cells.push(cell.trim())
      cell = ''
    } else cell += t[i]
  }
  cells.push(cell.trim())
  return cells
}

const heading = (level: number, text: string) => `${'#'.repeat(Math.min(3, level))} ${text}`

/** The lines after a YAML front matter block (`---` … `---` of `key: value` lines at the very top). */
function afterFrontMatter(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0
  for (let i = 1; i < Math.min(lines.length, 100); i++) {
    const t = lines[i].trim()
    if (t === '---' || t === '...') return i > 1 ? i + 1 : 0
    if (t && !/^[\w.-]+:(?:\s|$)/.test(t) && !/^(?:-\s|\s)/.test(lines[i])) return 0
  }
  return 0
}

/** `[id]: url "title"`: a link's target, said once for the whole document, never read. */
const isLinkDefinition = (t: string) => t[0] === '[' && /^\[[^\]]{1,200}\]:\s*\S/.test(t)

/**
 * An unindented line right below an item's text that opens no block of its own (a fence, a rule,
 * a quote, a table) goes on with that text (CommonMark's lazy continuation line): "3. … the first
 * UID you" / "assign has the lower 16bits …" is one item.
 */
function lazyLine(lines: string[], i: number) {
  const t = lines[i].trim()
  if (t.startsWith('```') || t.startsWith('~~~') || t.startsWith('>') || isRule(t) || isLinkDefinition(t)) return false
  return !(t.includes('|') && lines[i + 1] !== undefined && isTableSeparator(lines[i + 1]))
}

export function markdownToStructured(md: string): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n')
  // Labels the document defines a link for: "[Rust Style Editions]" alone is then a link.
  const defined = new Set<string>()
  for (const line of lines) {
    const t = line.trim()
    if (isLinkDefinition(t)) defined.add(t.slice(1, t.indexOf(']')).toLowerCase())
  }
  const inline = (text: string) => inlineMarkdown(text, defined).replace(/\s+/g, ' ').trim()
  const cellText = (text: string) => inline(text).replaceAll('|', '\\|')
  const row = (cells: string[]) => `| ${cells.map(cellText).join(' | ')} |`
  const blocks: string[] = []
  let paragraph: string[] = []
  // Where a list's text starts: an indented block below it is code only further right (CommonMark).
  let listIndent = 0
  const flush = () => {
    const text = inline(paragraph.join(' '))
    if (text) blocks.push(text)
    paragraph = []
  }
  for (let i = afterFrontMatter(lines); i < lines.length; i++) {
    const line = lines[i]
    const t = line.trim()
    if (isBlank(line)) {
      flush()
      continue
    }
    // Code (fenced, or indented after a blank line) is not prose: its lines never become
    // sentences of the summary, the study guide or a card (docs/decisions/ai.md "Real documents").
    if (t.startsWith('```') || t.startsWith('~~~')) {
      flush()
      const fence = t.slice(0, 3)
      while (i + 1 < lines.length && !lines[i + 1].trim().startsWith(fence)) i++
      i++
      continue
    }
    const indent = line.length - line.trimStart().length
    if (paragraph.length === 0 && indent >= listIndent + 4 && (i === 0 || isBlank(lines[i - 1]))) {
      while (i + 1 < lines.length && (isBlank(lines[i + 1]) || /^\s{4}/.test(lines[i + 1]))) i++
      continue
    }
    if (indent === 0) listIndent = 0
    if (isLinkDefinition(t)) {
      flush()
      continue
    }
    const atx = atxHeading(line)
    if (atx) {
      flush()
      const text = inline(atx.text)
      if (text) blocks.push(heading(atx.level, text))
      continue
    }
    const next = lines[i + 1]
    if (
      paragraph.length === 0 &&
      next !== undefined &&
      !listItem(line) &&
      setextLevel(next) &&
      !(setextLevel(next) === 2 && isRule(line))
    ) {
      const text = inline(t)
      if (text) blocks.push(heading(setextLevel(next), text))
      i++
      continue
    }
    if (isRule(line)) {
      flush()
      continue
    }
    if (t.includes('|') && next !== undefined && isTableSeparator(next)) {
      flush()
      const rows = [
        row(splitCells(t)),
        `|${splitCells(t)
          .map(() => ' --- |')
          .join('')}`,
      ]
      for (i += 2; i < lines.length && !isBlank(lines[i]) && lines[i].includes('|'); i++)
        rows.push(row(splitCells(lines[i])))
      i--
      blocks.push(rows.join('\n'))
      continue
    }
    const item = listItem(line)
    if (item) {
      flush()
      const items: string[] = []
      const add = (it: NonNullable<ReturnType<typeof listItem>>) =>
        // Its indent is kept: `normalizeStructured` nests an item indented past the one above.
        items.push(`${' '.repeat(Math.min(it.indent, 40))}${it.ordered ? `${it.number}.` : '-'} ${inline(it.text)}`)
      add(item)
      listIndent = item.indent + (item.ordered ? String(item.number).length + 2 : 2)
      for (; i + 1 < lines.length; i++) {
        const following = lines[i + 1]
        const nextItem = listItem(following)
        if (nextItem) add(nextItem)
        // A loose list: a blank line, then the next item.
        else if (isBlank(following) && i + 2 < lines.length && listItem(lines[i + 2])) continue
        else if (!isBlank(following) && (/^\s/.test(following) || lazyLine(lines, i + 1)) && !atxHeading(following))
          items[items.length - 1] += ` ${inline(following)}`
        else break
      }
      blocks.push(items.join('\n'))
      continue
    }
    // A block quote reads as its text.
    paragraph.push(t.startsWith('>') ? t.replace(/^(?:>\s?)+/, '') : t)
  }
  flush()
  return blocks.join('\n\n')
}
