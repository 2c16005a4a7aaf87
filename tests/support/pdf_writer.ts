/**
 * Writes a PDF by hand: a header, numbered objects (their bodies strings or bytes, strings as
 * latin1), then the cross-reference table and a trailer whose root is object 1. The PDF
 * fixtures of the tests are built on it.
 */
export class PdfWriter {
  #parts: Buffer[] = []
  #offsets: number[] = []
  #length = 0

  constructor(header = '%PDF-1.4\n') {
    this.#push(header)
  }

  #push(chunk: string | Buffer) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'latin1')
    this.#parts.push(bytes)
    this.#length += bytes.length
  }

  object(id: number, ...body: (string | Buffer)[]) {
    this.#offsets[id] = this.#length
    this.#push(`${id} 0 obj\n`)
    for (const part of body) this.#push(part)
    this.#push('\nendobj\n')
  }

  /** The cross-reference table of objects 1 to `objectCount - 1`, the trailer, and the bytes. */
  finish(objectCount: number): Buffer {
    const xref = this.#length
    this.#push(`xref\n0 ${objectCount}\n0000000000 65535 f \n`)
    for (let id = 1; id < objectCount; id++) this.#push(`${String(this.#offsets[id]).padStart(10, '0')} 00000 n \n`)
    this.#push(`trailer\n<< /Size ${objectCount} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
    return Buffer.concat(this.#parts)
  }
}

/** A PDF of the given objects (index = object id, from 1). */
export function pdfFromObjects(objects: string[]): Buffer {
  const pdf = new PdfWriter()
  for (let id = 1; id < objects.length; id++) pdf.object(id, objects[id])
  return pdf.finish(objects.length)
}
