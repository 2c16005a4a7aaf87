/**
 * What a browser prints around a web page (Chromium's "Headers and footers"): the date and time
 * with the page's title at the top, the page's address with "n/N" at the foot. The repeated-line
 * rule of pdf_layout.ts needs three pages or more; a one- or two-page handout kept "11/27/26,
 * 10:36 PM Victoria lecture notes" and "file:///home/…/notes.html 1/1" as paragraphs of its text.
 * Only the line set highest or lowest on its page is taken, never one inside the text.
 */
import type { PageLine } from '#services/documents/pdf_layout'

/** A date and a time opening the line, as the locale writes them ("11/27/26, 10:36 PM", "27.11.26, 22:36"). */
const DATE_TIME = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4},? \d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp]\.? ?[Mm]\.?)?(?:\s|$)/
/** An address, then the page counter ("file:///tmp/a.html 1/2", "https://example.org/x 3/10"). */
const ADDRESS_COUNTER = /^(?:https?|file|about|data|chrome|blob):\S*\s+\d{1,4}\s*\/\s*\d{1,4}$/i

/** Whether `line`, the top or foot line of `page`, is the browser's print header or footer. */
export function browserPrintLine(page: PageLine[], line: PageLine): boolean {
  if (!DATE_TIME.test(line.text) && !ADDRESS_COUNTER.test(line.text)) return false
  return page.every((other) => other.y <= line.y) || page.every((other) => other.y >= line.y)
}
