import { ExtractionRefusal } from '#services/documents/extraction_limits'

/**
 * PDF pages without a text layer (scans), as the text pass meets them (issue 29 item 8).
 * Plain code: it runs inside the worker threads. The text pass (text_extractor.ts) hands every
 * page without text to `read`; `finish` then decides:
 * - OCR on and some pages unread → `ScannedPagesFound` (the reader recognises them in a second
 *   task, app/services/documents/ocr_pages.ts, and runs the text pass again with `texts`);
 * - OCR off and no text at all in a file that holds images → 400 "scanned files are not read";
 * - otherwise the text pages are the document (a blank or drawn page adds nothing).
 */
export type ScanOptions = {
  /** enable_ocr_processing, read by the caller. */
  ocr: boolean
  /** Recognised text by page number (1-based), from the OCR task. */
  texts?: Record<number, string>
}

/** Not a failure: the file has pages to recognise (`details.pages`, 1-based). */
export class ScannedPagesFound extends Error {
  override name = 'ScannedPagesFound'
  readonly details: { pages: number[] }
  constructor(pages: number[]) {
    super(`${pages.length} page(s) have no text layer.`)
    this.details = { pages }
  }
}

export const SCANNED_NOT_READ =
  'This PDF is a scan: its pages are images without text, and scanned files are not read. Upload a PDF with selectable text, or a Word or text file.'

const wordCharacter = /[\p{L}\p{N}]/u
/** Image XObjects are stream objects, which are never inside object streams: their dictionaries are plain bytes. */
const imageXObject = /\/Subtype\s*\/Image\b/

export function hasText(text: string) {
  return wordCharacter.test(text)
}

export class PagesWithoutText {
  readonly pages: number[] = []

  constructor(private options: ScanOptions = { ocr: false }) {}

  /** The text of page `n`, which has no text layer: what OCR read from it, or '' (noted). */
  read(n: number): string {
    const recognised = this.options.texts?.[n]
    if (recognised !== undefined) return recognised
    this.pages.push(n)
    return ''
  }

  finish(buffer: Buffer, anyText: boolean) {
    if (!this.pages.length) return
    if (this.options.ocr) throw new ScannedPagesFound(this.pages)
    if (!anyText && imageXObject.test(buffer.toString('latin1')))
      throw new ExtractionRefusal(SCANNED_NOT_READ, 'scanned')
  }
}
