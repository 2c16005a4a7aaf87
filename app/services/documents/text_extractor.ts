import { checkDocxArchive, checkPdfStreams } from '#services/documents/archive_checks'
import { DEFAULT_LIMITS, ExtractionRefusal, refuse, type ExtractionLimits } from '#services/documents/extraction_limits'
import { markdownToText } from '#services/documents/markdown_text'
import { PagesWithoutText, ScannedPagesFound, hasText, type ScanOptions } from '#services/documents/ocr_scan'
import { markdownToStructured } from '#services/documents/markdown_structure'
import { plainToStructured } from '#services/documents/plain_structure'
import { docxToStructured } from '#services/documents/docx_structure'
import {
  layoutToStructured,
  markBold,
  mayHoldBoldHeading,
  pageLines,
  type PageLayout,
  type TextItem,
} from '#services/documents/pdf_layout'
import { withoutNoteMarks } from '#services/documents/pdf_marks'
import { pageWidths } from '#services/documents/pdf_bare_lists'

export { markdownToText }
export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'md'
export type Extracted = { text: string; pageCount: number }

/**
 * A text file's bytes as text: UTF-16 when it opens with a byte-order mark (Notepad's "Unicode"),
 * else UTF-8. A UTF-8 file with a few broken bytes keeps its text (each broken byte becomes
 * U+FFFD); a file that is mostly not UTF-8 is an old Windows-1252 (Latin-1) text file.
 */
function decodeText(buffer: Buffer): string {
  const bom = buffer.length >= 2 ? buffer.readUInt16BE(0) : 0
  const utf16 = bom === 0xfffe ? 'utf-16le' : bom === 0xfeff ? 'utf-16be' : null
  const text = utf16 ? new TextDecoder(utf16).decode(buffer) : utf8OrWindows1252(buffer)
  if (text.includes('\u0000')) throw refuse.unreadable('This file is not a readable text file.')
  return text
}

// eslint-disable-next-line no-control-regex -- control characters are what this drops
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g

/**
 * One kind of line break, no control characters: Unicode's other line ends (NEL, LINE SEPARATOR;
 * PARAGRAPH SEPARATOR ends a paragraph) are newlines, so a heading written above one is not glued to
 * the sentence below; C0/C1 controls (a Word file's `&#x1;`, a PDF font's unmapped glyphs) are
 * dropped. Tab, line feed, vertical tab, form feed and carriage return stay for the readers.
 */
export function withPlainLineBreaks(text: string): string {
  return text
    .replace(/\u0085|\u2028/g, '\n')
    .replaceAll('\u2029', '\n\n')
    .replace(CONTROLS, '')
}

function utf8OrWindows1252(buffer: Buffer): string {
  const text = new TextDecoder('utf-8').decode(buffer)
  let broken = 0
  let decoded = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0xfffd) broken++
    else if (c >= 0x80) decoded++
  }
  return broken === 0 || decoded > broken ? text : new TextDecoder('windows-1252').decode(buffer)
}

type FontInfo = { name?: string; bold?: boolean; black?: boolean }
const BOLD_NAME = /bold|black|heavy|semibold|demi/i

/**
 * Which of a page's fonts are bold. PDF.js gives a font's name and weight once the page's
 * operator list is built (its text content names fonts only by id), so this is only called for
 * pages where a short line is set in a second font.
 */
async function boldFonts(page: {
  getOperatorList: () => Promise<unknown>
  commonObjs: { has: (id: string) => boolean; get: (id: string) => unknown }
}): Promise<(font: string) => boolean> {
  await page.getOperatorList()
  return (id) => {
    if (!page.commonObjs.has(id)) return false
    const font = page.commonObjs.get(id) as FontInfo | null
    return Boolean(font && (font.bold || font.black || BOLD_NAME.test(font.name ?? '')))
  }
}

async function pdfText(buffer: Buffer, limits: ExtractionLimits, scan: ScanOptions): Promise<Extracted> {
  checkPdfStreams(buffer, limits)
  const { getDocumentProxy } = await import('unpdf')
  // No image is ever decoded here (font weights need the page's operator list, which would).
  const pdf = await getDocumentProxy(new Uint8Array(buffer), { maxImageSize: 1, verbosity: 0 })
  try {
    if (pdf.numPages > limits.maxPages) throw refuse.pages(limits)
    // Page by page, stopping at the character cap; the layout gives headings and paragraphs.
    const pages: PageLayout[] = []
    const withoutText = new PagesWithoutText(scan)
    let total = 0
    for (let n = 1; n <= pdf.numPages; n++) {
      const pdfPage = await pdf.getPage(n)
      const content = await pdfPage.getTextContent()
      const lines = pageLines(withoutNoteMarks(content.items as TextItem[]))
      if (mayHoldBoldHeading(lines)) markBold(lines, await boldFonts(pdfPage))
      pageWidths.set(lines, pdfPage.view[2] - pdfPage.view[0])
      let page: PageLayout = lines
      // No text layer: a scan (or a blank page). OCR, when on, lives in ocr_scan.ts / ocr_pages.ts.
      if (!lines.some((line) => hasText(line.text))) page = withoutText.read(n)
      total += typeof page === 'string' ? page.length : lines.reduce((sum, line) => sum + line.text.length + 1, 0)
      if (total > limits.maxCharacters) throw refuse.characters(limits)
      pages.push(page)
    }
    withoutText.finish(
      buffer,
      pages.some((page) => (typeof page === 'string' ? hasText(page) : page.some((line) => hasText(line.text))))
    )
    return { text: layoutToStructured(pages), pageCount: pdf.numPages }
  } finally {
    await Promise.resolve((pdf as unknown as { destroy?: () => Promise<void> }).destroy?.()).catch(() => {})
  }
}

/**
 * Extracts text with well-kept libraries: unpdf (PDF.js) for PDF, mammoth for DOCX, plain
 * decoding for txt/md, keeping headings (plain text's by layout: plain_structure.ts), lists and
 * tables (structured_text.ts). Checks the bytes, not only the name: a "pdf" that is not a PDF is 400.
 * `limits` caps pages, unpacked bytes and characters (an ExtractionRefusal names the one hit);
 * time and memory are capped by the worker that runs this (app/workers/tasks.ts).
 */
export async function extractText(
  kind: DocumentKind,
  buffer: Buffer,
  limits: ExtractionLimits = DEFAULT_LIMITS,
  scan: ScanOptions = { ocr: false }
): Promise<Extracted> {
  let extracted: Extracted
  if (kind === 'pdf') {
    if (buffer.subarray(0, 1024).indexOf('%PDF-') < 0) throw refuse.unreadable('This file is not a readable PDF.')
    try {
      extracted = await pdfText(buffer, limits, scan)
    } catch (error) {
      if (error instanceof ExtractionRefusal || error instanceof ScannedPagesFound) throw error
      throw refuse.unreadable('This PDF could not be read (it may be damaged or password-protected).')
    }
  } else if (kind === 'docx') {
    if (buffer.subarray(0, 4).toString('binary') !== 'PK\u0003\u0004')
      throw refuse.unreadable('This file is not a readable Word document.')
    checkDocxArchive(buffer, limits)
    try {
      extracted = { text: await docxToStructured(buffer), pageCount: 0 }
    } catch {
      throw refuse.unreadable('This Word document could not be read.')
    }
  } else {
    const decoded = withPlainLineBreaks(decodeText(buffer))
    if (decoded.length > limits.maxCharacters) throw refuse.characters(limits)
    extracted = { text: kind === 'md' ? markdownToStructured(decoded) : plainToStructured(decoded), pageCount: 0 }
  }
  if (extracted.text.length > limits.maxCharacters) throw refuse.characters(limits)
  return { ...extracted, text: withPlainLineBreaks(extracted.text) }
}
