/**
 * PDF text layout → the stored structured text (structured_text.ts). From PDF.js's text items
 * (position, size, line ends): lines, the body font size, headings (lines set clearly larger,
 * ranked by size into `#`, `##`, `###`), paragraphs (split where the gap between lines grows),
 * and paragraphs that run over a page break or a column joined again. Page numbers and running
 * headers or footers repeated on most pages (and a browser's print header: pdf_furniture.ts) are
 * dropped. A short line set in bold at the body size that stands alone is a heading too (its
 * fonts' weight comes from the caller: `markBold`). Pure: no PDF.js import here.
 */
import { columnEnds, lineSpacing, reachesEdge, wrapsInto } from '#services/documents/pdf_columns'
import { browserPrintLine } from '#services/documents/pdf_furniture'
import { BareLists } from '#services/documents/pdf_bare_lists'

export type TextItem = {
  str?: string
  transform?: number[]
  width?: number
  height?: number
  hasEOL?: boolean
  fontName?: string
}
/** `fonts`: its visible items' fonts; `bold`: all bold (`markBold`); `x`, `right`: where its text starts and ends. */
export type PageLine = {
  text: string
  y: number
  size: number
  x?: number
  right?: number
  fonts?: string[]
  bold?: boolean
}
/** A page is its lines, or plain text (a page read another way, e.g. recognised from its image). */
export type PageLayout = PageLine[] | string

const HEADING_RATIO = 1.15
/** A list item's first line: a bullet or a number, then its text. */
const LIST_MARK = /^(?:[•◦▪‣*+-]|\d{1,3}[.)])\s/u
const TERMINAL = /[.!?:;…"”’)\]]$/
/** A number other than 1 that opens a line wrapped inside a sentence: no list can start there. */
const WRAPPED_NUMBER = /^(?!1[.)])\d{1,3}[.)]\s/u
/** Line ends normalisation joins (a hyphenated word, a name broken after "_"); dashes that join without a space. */
const HYPHEN_END = /[-_\u00AD\u2010\u2011]$/u
const DASH_END = /[\u2013\u2014]$/u
const endsIn = (re: RegExp, line: string) => re.test(line.slice(-2))

/** The lines of one page, in the order PDF.js gives them. */
export function pageLines(items: TextItem[]): PageLine[] {
  const lines: PageLine[] = []
  let parts: string[] = []
  let y = Number.NaN
  let x = Number.NaN
  let right = Number.NaN
  let size = 0
  let fonts: string[] = []
  const end = () => {
    const t = parts.join('').replace(/\s+/g, ' ').trim()
    const at = Number.isFinite(x) ? { x, ...(Number.isFinite(right) ? { right } : {}) } : {}
    if (t) lines.push({ text: t, y, size, fonts, ...at })
    parts = []
    y = Number.NaN
    x = Number.NaN
    right = Number.NaN
    size = 0
    fonts = []
  }
  for (const item of items) {
    if (item.str === undefined || item.str === null) continue
    const itemY = item.transform?.[5] ?? y
    const itemSize = Math.abs(item.height || item.transform?.[3] || 0)
    const visible = /\S/.test(item.str)
    // A new baseline starts a new line even without hasEOL (a column or a positioned run).
    if (visible && Number.isFinite(y) && Math.abs(itemY - y) > Math.max(2, (size || itemSize) * 0.5)) end()
    if (visible) {
      if (!Number.isFinite(y)) y = itemY
      if (!Number.isFinite(x) && item.transform) x = item.transform[4]
      if (item.transform && typeof item.width === 'number' && Number.isFinite(item.width))
        right = Math.max(Number.isFinite(right) ? right : -Infinity, item.transform[4] + item.width)
      size = Math.max(size, itemSize)
      if (item.fontName && !fonts.includes(item.fontName) && fonts.length < 8) fonts.push(item.fontName)
    }
    parts.push(item.str)
    if (item.hasEOL) end()
  }
  end()
  return lines
}

/** A line that could be a bold heading at body size: short, no closing punctuation. */
const shortTitle = (text: string) => text.length <= 100 && text.split(' ').length <= 12 && !TERMINAL.test(text)

/**
 * Whether the page's font weights are worth looking up: some short line is set in a font other
 * than the page's main one (a page in one font has no bold headings).
 */
export function mayHoldBoldHeading(lines: PageLine[]): boolean {
  const weight = new Map<string, number>()
  for (const line of lines) for (const f of line.fonts ?? []) weight.set(f, (weight.get(f) || 0) + line.text.length)
  if (weight.size < 2) return false
  const main = [...weight].sort((a, b) => b[1] - a[1])[0][0]
  return lines.some((l) => shortTitle(l.text) && l.fonts?.length && !l.fonts.includes(main))
}

/** Marks the lines all of whose fonts are bold. */
export function markBold(lines: PageLine[], isBold: (font: string) => boolean) {
  for (const line of lines) line.bold = Boolean(line.fonts?.length) && line.fonts!.every(isBold)
}

const round = (n: number) => Math.round(n * 2) / 2
const shape = (text: string) => text.toLowerCase().replace(/\d+/g, '#')
const PAGE_NUMBER = /^(?:page\s+)?(?:#|[ivx]{1,5})(?:\s*(?:of|\/)\s*#)?$|^[-–—]\s*#\s*[-–—]$/i

/** The size most characters are set in. */
function bodySize(pages: PageLine[][]): number {
  const weight = new Map<number, number>()
  for (const line of pages.flat()) weight.set(round(line.size), (weight.get(round(line.size)) || 0) + line.text.length)
  let best = 0
  let most = -1
  for (const [size, w] of weight) if (w > most || (w === most && size < best)) [best, most] = [size, w]
  return best
}

/** First and last lines of pages that repeat (digits aside) on most pages, and lone page numbers. */
function furniture(pages: PageLine[][]): Set<string> {
  const drop = new Set<string>()
  const seen = new Map<string, number>()
  for (const lines of pages) {
    const edges = new Set(
      [lines[0], lines[1], lines[lines.length - 2], lines[lines.length - 1]].filter(Boolean).map((l) => shape(l.text))
    )
    for (const s of edges) seen.set(s, (seen.get(s) || 0) + 1)
  }
  if (pages.length >= 3) for (const [s, n] of seen) if (n >= Math.max(3, pages.length * 0.6)) drop.add(s)
  return drop
}

const untitled = (text: string) => shape(text.replace(/^\d{1,3}(?:\.\d{1,3})*\.?\s+/, ''))

/**
 * A chapter's running header: a heading's title, without its number, at the top or foot of three
 * pages or more ("Programming with libbzip2" over the pages of "3. Programming with libbzip2").
 * Fewer pages than `furniture` needs, so only lines at body size are dropped by it.
 */
function runningHeaders(pages: PageLine[][], body: number): Set<string> {
  const titles = new Set(
    pages
      .flat()
      .filter((l) => round(l.size) >= body * HEADING_RATIO && l.text.length <= 160)
      .map((l) => untitled(l.text))
  )
  const seen = new Map<string, number>()
  for (const lines of pages) {
    const edges = new Set([lines[0], lines[1], lines[lines.length - 2], lines[lines.length - 1]].filter(Boolean))
    for (const l of edges)
      if (round(l.size) < body * HEADING_RATIO) seen.set(shape(l.text), (seen.get(shape(l.text)) || 0) + 1)
  }
  return new Set([...seen].filter(([s, n]) => n >= 3 && titles.has(s)).map(([s]) => s))
}

const isEdge = (lines: PageLine[], i: number) => i <= 1 || i >= lines.length - 2

/**
 * Structured text of a document from its pages' layout. Headings never join a paragraph;
 * a paragraph is never cut at a page break unless its sentence ended there.
 */
export function layoutToStructured(pages: PageLayout[]): string {
  const laid = pages.filter((p): p is PageLine[] => typeof p !== 'string')
  const body = bodySize(laid)
  const drop = furniture(laid)
  const running = runningHeaders(laid, body)
  const headingSizes = [
    ...new Set(
      laid
        .flat()
        .filter((l) => round(l.size) >= body * HEADING_RATIO)
        .map((l) => round(l.size))
    ),
  ].sort((a, b) => b - a)
  const levelOf = (size: number) => Math.min(3, headingSizes.indexOf(round(size)) + 1)
  // Bold headings at body size rank below every larger heading.
  const boldLevel = Math.min(3, headingSizes.length + 1)

  const blocks: string[] = []
  // The paragraph being built (lines joined by "\n": normalisation joins soft wraps and hyphens).
  let paragraph: string[] = []
  // Its last line: the rules read only its end (reading a long joined line would copy it each time).
  let tail = ''
  const add = (text: string) => {
    paragraph.push(text)
    tail = text
  }
  const bare = new BareLists()
  const flush = () => {
    if (paragraph.length) blocks.push(paragraph.join('\n'))
    paragraph = []
    tail = ''
  }
  let heading: { level: number; lines: string[]; size: number } | null = null
  const flushHeading = () => {
    if (heading) blocks.push(`${'#'.repeat(heading.level)} ${heading.lines.join(' ')}`)
    heading = null
  }

  for (const page of pages) {
    if (typeof page === 'string') {
      flushHeading()
      if (paragraph.length && endsIn(TERMINAL, tail)) flush()
      for (const block of page.split(/\n\s*\n/)) {
        if (block.trim()) add(block.trim())
        flush()
      }
      continue
    }
    const spacing = lineSpacing(page, body)
    const ends = columnEnds(page)
    let previous: PageLine | null = null
    // Where the open list's bullets stand: a line indented past them wraps the item above (it is
    // kept indented, so it stays in that item); a line back at their margin ends the list.
    let bulletX: number | null = null
    const listLine = (line: PageLine) => {
      if (line.x === undefined) return line.text
      if (LIST_MARK.test(line.text)) {
        bulletX = line.x
        return line.text
      }
      if (bulletX === null) return line.text
      if (line.x > bulletX + 2) return bare.nested(page, previous, line) ?? `  ${line.text}`
      bulletX = null
      flush()
      return line.text
    }
    page.forEach((line, i) => {
      const edgeText = isEdge(page, i) ? shape(line.text) : null
      if (edgeText !== null && (drop.has(edgeText) || PAGE_NUMBER.test(edgeText) || browserPrintLine(page, line)))
        return
      if (edgeText !== null && running.has(edgeText) && round(line.size) < body * HEADING_RATIO) return
      const larger =
        body > 0 &&
        round(line.size) >= body * HEADING_RATIO &&
        line.text.length <= 160 &&
        line.text.split(' ').length <= 20
      const gap = previous ? previous.y - line.y : 0
      const next = page[i + 1]
      // Bold at body size: alone after a finished paragraph (or a wider gap), before plain text.
      const bold =
        !larger &&
        body > 0 &&
        line.bold === true &&
        shortTitle(line.text) &&
        (!paragraph.length || endsIn(TERMINAL, tail) || (previous !== null && gap > spacing * 1.4)) &&
        next !== undefined &&
        !next.bold &&
        /^[\p{Lu}\p{N}"“(]/u.test(next.text)
      if (larger || bold) {
        const level = bold ? boldLevel : levelOf(line.size)
        // A heading set over two lines: same size, right below the first.
        if (heading && heading.size === round(line.size) && previous && gap > 0 && gap <= line.size * 1.6)
          heading.lines.push(line.text)
        else {
          flushHeading()
          flush()
          heading = { level, lines: [line.text], size: round(line.size) }
          bare.heading(line)
        }
      } else {
        flushHeading()
        // A wider gap than the line spacing starts a paragraph. A jump back up is a new column:
        // as at a page break, the paragraph goes on unless its last sentence ended there, on a
        // line short of the column's edge (a justified paragraph's last line is set short).
        const newColumn = previous !== null && gap < -spacing * 0.5 && !reachesEdge(previous, ends.get(previous))
        if ((previous && gap > spacing * 1.4) || (newColumn && paragraph.length > 0 && endsIn(TERMINAL, tail))) flush()
        const open = paragraph[paragraph.length - 1]
        // A line broken only because its column was full goes on in the same line, so that no later
        // step takes the break for the end of a heading or the next line for a list ("1740–" / "42.").
        const full = open !== undefined && previous !== null && wrapsInto(previous, line, ends.get(previous))
        const number = WRAPPED_NUMBER.test(line.text) && !endsIn(TERMINAL, tail)
        const item = bulletX === null && !full ? bare.item(page, previous, line, paragraph) : null
        if (item !== null) add(item)
        else if (full && bulletX === null && (!LIST_MARK.test(line.text) || number)) {
          if (endsIn(HYPHEN_END, tail)) add(line.text)
          else {
            paragraph[paragraph.length - 1] = endsIn(DASH_END, tail) ? open + line.text : `${open} ${line.text}`
            tail = line.text
          }
        } else {
          // listLine may flush (and replace) the paragraph: read it after the call.
          const text = listLine(line)
          add(text)
        }
      }
      previous = line
    })
    // Page break: the paragraph goes on, unless its last sentence ended on this page.
    flushHeading()
    if (paragraph.length && endsIn(TERMINAL, tail)) flush()
  }
  flushHeading()
  flush()
  return blocks.join('\n\n')
}
