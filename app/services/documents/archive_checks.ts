/**
 * Decompression caps checked before a parser sees the file (issue 23 item 2). The parsers
 * (mammoth for DOCX, PDF.js for PDF) inflate without limits; these scans inflate with a
 * budget (zlib's maxOutputLength), so a small file cannot expand past `maxInflatedBytes`.
 * Plain code only: runs inside the worker threads.
 */
import { inflateRawSync, inflateSync } from 'node:zlib'
import { refuse, type ExtractionLimits } from '#services/documents/extraction_limits'

const tooLarge = (error: unknown) =>
  (error as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError

/**
 * The XML parts of a DOCX (what mammoth reads: *.xml, *.rels) from the central directory:
 * declared sizes first, then actually inflated within the remaining budget (a size can lie).
 */
export function checkDocxArchive(buffer: Buffer, limits: ExtractionLimits) {
  const bad = () => refuse.unreadable('This Word document could not be read.')
  let eocd = -1
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65535); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw bad()
  const entries = buffer.readUInt16LE(eocd + 10)
  let at = buffer.readUInt32LE(eocd + 16)
  const parts: { method: number; size: number; compressed: number; local: number }[] = []
  let declared = 0
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw bad()
    const method = buffer.readUInt16LE(at + 10)
    const compressed = buffer.readUInt32LE(at + 20)
    const size = buffer.readUInt32LE(at + 24)
    const nameLength = buffer.readUInt16LE(at + 28)
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength).toLowerCase()
    const local = buffer.readUInt32LE(at + 42)
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32)
    if (!name.endsWith('.xml') && !name.endsWith('.rels')) continue
    if (size === 0xffffffff || compressed === 0xffffffff || (method !== 0 && method !== 8)) throw bad()
    declared += size
    if (declared > limits.maxInflatedBytes) throw refuse.inflated(limits)
    parts.push({ method, size, compressed, local })
  }
  let budget = limits.maxInflatedBytes
  for (const part of parts) {
    if (part.local + 30 > buffer.length || buffer.readUInt32LE(part.local) !== 0x04034b50) throw bad()
    const start = part.local + 30 + buffer.readUInt16LE(part.local + 26) + buffer.readUInt16LE(part.local + 28)
    const data = buffer.subarray(start, start + part.compressed)
    let length = data.length
    if (part.method === 8) {
      try {
        length = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length
      } catch (error) {
        if (tooLarge(error)) throw refuse.inflated(limits)
        throw bad()
      }
    }
    budget -= length
    if (budget < 0) throw refuse.inflated(limits)
  }
}

/**
 * Inflates every FlateDecode stream of a PDF except images (PDF.js never decodes those to read
 * text) within the budget. A crude scan (`stream` keywords and the dictionary before them) is
 * enough: it only has to be at least as generous as the parser, never exact.
 */
export function checkPdfStreams(buffer: Buffer, limits: ExtractionLimits) {
  let budget = limits.maxInflatedBytes
  let from = 0
  let previous = 0
  for (;;) {
    const keyword = buffer.indexOf('stream', from, 'latin1')
    if (keyword < 0) return
    from = keyword + 6
    // `endstream`, not a stream start
    if (buffer[keyword - 3] === 0x65 && buffer[keyword - 2] === 0x6e && buffer[keyword - 1] === 0x64) continue
    let start = keyword + 6
    if (buffer[start] === 0x0d) start++
    if (buffer[start] !== 0x0a) continue
    start++
    // The dictionary lies between the previous stream and this one (at most 4 KB looked at,
    // and no byte twice: the scan stays linear).
    const head = buffer.toString('latin1', Math.max(previous, keyword - 4096), keyword)
    previous = start
    const dict = head.slice(head.lastIndexOf(' obj') + 1)
    if (!dict.includes('/FlateDecode') && !dict.includes('/Fl ') && !dict.includes('/Fl]')) continue
    if (/\/Subtype\s*\/Image/.test(dict)) continue
    try {
      budget -= inflateSync(buffer.subarray(start), { maxOutputLength: Math.max(1, budget), finishFlush: 2 }).length
    } catch (error) {
      if (tooLarge(error)) throw refuse.inflated(limits)
      // A damaged stream: PDF.js decides what to do with it.
    }
    if (budget < 0) throw refuse.inflated(limits)
  }
}
