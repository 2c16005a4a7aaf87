/**
 * Lists whose bullets are no text. Chromium (and other HTML printers) draw the disc of a `<ul>`
 * item as a shape, so PDF.js gives the items' words without a mark: a lecture slide of short
 * points ("When a rock crystallizes from melt" / "It is an igneous rock" / …) read as one
 * paragraph of run-on fragments, running on from slide to slide. Such an item still stands
 * indented from the heading above it, and its line ends short: the next line's first word would
 * have fitted after it within the text box. Lines like that become `- ` items (`  - ` when
 * indented again, a nested list). Pure: no PDF.js import here.
 */
import type { PageLine } from '#services/documents/pdf_layout'

/** The width of each page (PDF units), set by the extractor; a page without one uses its widest line. */
export const pageWidths = new WeakMap<PageLine[], number>()

/** A wide average width of a character, in font sizes: an estimate that errs toward "did not fit". */
const WIDE_CHARACTER = 0.6
/**
 * An item stands one to three list indents right of its heading: a browser's default list indent,
 * 40 CSS pixels, is 30 PDF units at the usual print scale. Other indents (a manual's code, a
 * formula, a table) are not taken for lists.
 */
const LIST_INDENT = 30
const INDENT_SLACK = 0.3
const MARKED = /^(?:[•◦▪‣*+-]|\d{1,3}[.)])\s/u
/** A point opens like a sentence (a capital or a quote) and has a word; a line of code or a formula does not. */
const POINT = /^[\p{Lu}"“‘'].*\p{L}{2}/u
const CODE = /[{};]\s*$|^[{}]/
/** A line that ends a sentence: lines of sentences read as well in one paragraph, so no list opens after it. */
const TERMINAL = /[.!?:;…"”’)\]]$/

/** A first item longer than this many lines is no point of a slide (and the look-back stays bounded). */
const MAX_ITEM_LINES = 12

/** The texts of the lines at `previous`'s margin, from it up (the lines of the list's first item). */
function itemLines(page: PageLine[], at: number, previous: PageLine): string[] {
  const texts: string[] = []
  for (let i = at; i >= 0 && texts.length < MAX_ITEM_LINES; i--) {
    const l = page[i]
    if (l.x === undefined || Math.abs(l.x - previous.x!) > 1 || Math.abs(l.size - previous.size) > 0.5) break
    texts.push(l.text)
  }
  return texts
}

/**
 * Where a page's text box ends: its width less its left margin (margins alike), else its widest
 * line. A line reaching past it (a slide number in the corner) does not widen it.
 */
function boxRight(page: PageLine[]): number {
  let left = Infinity
  let right = -Infinity
  for (const l of page) {
    if (l.x !== undefined) left = Math.min(left, l.x)
    if (l.right !== undefined) right = Math.max(right, l.right)
  }
  const width = pageWidths.get(page)
  return width !== undefined && Number.isFinite(left) ? width - left : right
}

export class BareLists {
  /** Where the last heading starts: the margin an item is indented from. */
  private anchor: number | null = null
  /** The paragraph holding the open list, and where its first level stands. */
  private paragraph: string[] | null = null
  private first = 0
  private boxes = new WeakMap<PageLine[], number>()
  /** Each page's lines by position, so a line's place is found once (no indexOf per line). */
  private positions = new WeakMap<PageLine[], Map<PageLine, number>>()

  private positionOf(page: PageLine[], line: PageLine): number {
    let positions = this.positions.get(page)
    if (!positions) {
      positions = new Map(page.map((l, i) => [l, i]))
      this.positions.set(page, positions)
    }
    return positions.get(line) ?? -1
  }

  /** A heading at `line`: later items are indented from it. */
  heading(line: PageLine) {
    if (line.x !== undefined) this.anchor = line.x
    this.paragraph = null
  }

  /**
   * `line` as a list item (`- text`, `  - text`), when the line above it ended short at an
   * indented margin; the paragraph so far becomes the list's first item. Else null (nothing changed).
   */
  item(page: PageLine[], previous: PageLine | null, line: PageLine, paragraph: string[]): string | null {
    if (this.paragraph !== paragraph) this.paragraph = null
    const last = paragraph.length - 1
    if (!previous || last < 0 || previous.x === undefined || this.indents(previous.x) < 1) return null
    if (this.indents(line.x) < 1 || !this.endsShort(page, previous, line)) return null
    if (this.paragraph === null) {
      if (TERMINAL.test(previous.text)) return null
      // The first item: the paragraph's last lines that stand at its margin (a wrapped item's
      // lines that did not look full are lines of their own here).
      const texts = itemLines(page, this.positionOf(page, previous), previous)
      let start = paragraph.length
      const earliest = Math.max(0, paragraph.length - texts.length)
      while (start > earliest && texts.some((t) => paragraph[start - 1].endsWith(t))) start--
      const lines = paragraph.slice(start)
      if (!lines.length || !POINT.test(lines[0]) || lines.some((l) => MARKED.test(l.trimStart()))) return null
      this.paragraph = paragraph
      this.first = previous.x
      const first = lines.reduce((text, l) => (/-$/.test(text) ? text + l : `${text} ${l}`))
      paragraph.splice(start, lines.length, `- ${first}`)
    }
    return `${line.x! > this.first + LIST_INDENT / 2 ? '  - ' : '- '}${line.text}`
  }

  /**
   * Inside a marked list ("1. Igneous rock"), an unmarked line two list indents or more from the
   * heading, below a line that ended short: an item of a nested list (`  - text`). Else null.
   */
  nested(page: PageLine[], previous: PageLine | null, line: PageLine): string | null {
    if (!previous || this.indents(line.x) < 2 || !this.endsShort(page, previous, line)) return null
    return `  - ${line.text}`
  }

  /** How many list indents `x` stands from the heading (0: none, or not on a list indent). */
  private indents(x: number | undefined): number {
    if (x === undefined || this.anchor === null) return 0
    const steps = Math.round((x - this.anchor) / LIST_INDENT)
    return steps <= 3 && Math.abs(x - this.anchor - steps * LIST_INDENT) <= INDENT_SLACK ? Math.max(0, steps) : 0
  }

  /** Whether `previous` ended short of the text box before `line`, a point (no mark, no code). */
  private endsShort(page: PageLine[], previous: PageLine, line: PageLine): boolean {
    if (previous.right === undefined || MARKED.test(line.text)) return false
    const size = line.size
    if (Math.abs(previous.size - size) > size * 0.1 || previous.y <= line.y) return false
    if (!this.boxes.has(page)) this.boxes.set(page, boxRight(page))
    const word = /^\S+/.exec(line.text)?.[0].length ?? 0
    if (previous.right + (1 + word) * size * WIDE_CHARACTER + size >= this.boxes.get(page)!) return false
    return POINT.test(line.text) && !CODE.test(line.text) && !CODE.test(previous.text)
  }
}
