/**
 * The caps on reading one uploaded file (issue 23 item 2, docs/rules/documents.md#upload-limits), passed to the
 * worker with each task. Settings in config/extraction.ts; the reasons are in docs/decisions.md. Plain code
 * only (no framework imports): it runs inside the worker threads too.
 */
export type ExtractionLimits = {
  /** PDF pages. */
  maxPages: number
  /** Bytes a file may unpack to: DOCX XML parts, PDF FlateDecode streams other than images. */
  maxInflatedBytes: number
  /** Characters of extracted text. */
  maxCharacters: number
}

/** A file we refuse to read: `rule` names the limit or the defect (the 400's field rule). */
export class ExtractionRefusal extends Error {
  override name = 'ExtractionRefusal'
  readonly details: { rule: string }
  constructor(message: string, rule: string) {
    super(message)
    this.details = { rule }
  }
}

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
const count = (n: number) => n.toLocaleString('en-US')

export const refuse = {
  unreadable: (message: string) => new ExtractionRefusal(message, 'readable'),
  pages: (limits: ExtractionLimits) =>
    new ExtractionRefusal(`The file has more than ${count(limits.maxPages)} pages.`, 'pages'),
  inflated: (limits: ExtractionLimits) =>
    new ExtractionRefusal(`The file unpacks to more than ${mb(limits.maxInflatedBytes)} of data.`, 'decompressed_size'),
  characters: (limits: ExtractionLimits) =>
    new ExtractionRefusal(`The file's text is over ${count(limits.maxCharacters)} characters.`, 'characters'),
}

/** Generous caps for code that reads a file outside the upload path (benches, scripts). */
export const DEFAULT_LIMITS: ExtractionLimits = {
  maxPages: 500,
  maxInflatedBytes: 32 * 1024 * 1024,
  maxCharacters: 1_000_000,
}
