/**
 * Note markers of a PDF page's text: a footnote's number set small and raised after a word
 * ("… (packet switches or routers).¹ Packets are …", as Chromium prints `<sup>1</sup>`). PDF.js
 * gives it as an item of its own on the line's baseline band, so the line read "routers).1
 * Packets" and the sentence carried a number the text never said. Pure: no PDF.js import here.
 */
import type { TextItem } from '#services/documents/pdf_layout'

/** A marker: one to three digits (or a list "1,2"), or a note sign. */
const MARKER = /^(?:\d{1,3}(?:,\d{1,3})*|[*†‡§¶])$/u
/** Set at most this share of the text's size, and raised by at least this share of it. */
const SMALLER = 0.85
const RAISED = 0.2
/** After a digit or a short word ("10²", "km²", "m³") a raised number is a power, not a note. */
const POWER_BASE = /(?:\d|(?:^|[^\p{L}])\p{L}{1,2})$/u

const size = (item: TextItem) => Math.abs(item.height || item.transform?.[3] || 0)
const visible = (item: TextItem | undefined): item is TextItem =>
  item !== undefined && typeof item.str === 'string' && /\S/.test(item.str) && item.transform !== undefined

/** Whether `mark` sits above `text`'s baseline, set smaller than it, on the same line. */
function raisedOver(mark: TextItem, text: TextItem) {
  const height = size(text)
  const rise = mark.transform![5] - text.transform![5]
  return height > 0 && size(mark) <= height * SMALLER && rise >= height * RAISED && rise < height
}

/**
 * The page's items without note markers: a marker raised over the text before it (after
 * punctuation or a word of three letters or more) or, opening a line, over the text after it
 * (the note at the page's foot: "¹ Baran called …"). Linear in the number of items.
 */
export function withoutNoteMarks(items: TextItem[]): TextItem[] {
  const out: TextItem[] = []
  let before: TextItem | undefined
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (!visible(item)) {
      out.push(item)
      continue
    }
    const mark = MARKER.test(item.str!.trim())
    if (mark) {
      let after: TextItem | undefined
      for (let j = i + 1; j < items.length && !after; j++) if (visible(items[j])) after = items[j]
      const sameLine = before !== undefined && Math.abs(item.transform![5] - before.transform![5]) < size(before)
      const note = sameLine
        ? raisedOver(item, before!) && !POWER_BASE.test(before!.str!.trimEnd())
        : after !== undefined && raisedOver(item, after)
      if (note) {
        // A line end on the marker stays a line end.
        if (item.hasEOL && out.length) out[out.length - 1] = { ...out[out.length - 1], hasEOL: true }
        continue
      }
    }
    out.push(item)
    before = item
  }
  return out
}
