/**
 * Hostile upload fixtures, built in memory (issue 23 items 2 and 3): tiny files that expand
 * into huge work. Shared by the tests and bench/hostile.bench.ts.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib'
import { PdfWriter } from '#tests/support/pdf_writer'

/** A ZIP archive whose entries are deflated (method 8): small on disk, large inflated. */
export function buildDeflatedZip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8')
    const packed = deflateRawSync(data, { level: 9 })
    const nameBuf = Buffer.from(name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc32(data), 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBuf.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    // After "version made by", the central record repeats the local header's fields.
    local.copy(central, 6, 4, 30)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBuf, packed)
    centrals.push(central, nameBuf)
    offset += 30 + nameBuf.length + packed.length
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(centrals.length / 2, 8)
  end.writeUInt16LE(centrals.length / 2, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'

/** A Word document with deflated parts whose document.xml is about `xmlBytes` long (tiny runs). */
export function buildHugeDocx(xmlBytes: number, paragraph = '<w:p><w:r><w:t>a</w:t></w:r></w:p>'): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
  const tail = '</w:body></w:document>'
  const body = paragraph.repeat(Math.max(1, Math.floor((xmlBytes - head.length - tail.length) / paragraph.length)))
  return buildDeflatedZip({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': RELS,
    'word/document.xml': head + body + tail,
  })
}

/** A Word document (deflated parts) holding `text` as paragraphs. */
export function buildSmallDocx(text: string): Buffer {
  const paragraphs = text
    .split(/\n{2,}/)
    .map(
      (p) => `<w:p><w:r><w:t xml:space="preserve">${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`
    )
    .join('')
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`
  return buildDeflatedZip({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': RELS, 'word/document.xml': xml })
}

/** A PDF whose pages each have one FlateDecode content stream (`streams[i]` is page i's content). */
export function buildFlatePdf(streams: (string | Buffer)[]): Buffer {
  const pdf = new PdfWriter()
  const firstPage = 4
  const count = streams.length
  const objectCount = firstPage + count * 2
  const object = (id: number, body: string | Buffer[]) => pdf.object(id, ...(typeof body === 'string' ? [body] : body))
  object(1, '<< /Type /Catalog /Pages 2 0 R >>')
  object(2, `<< /Type /Pages /Kids [${streams.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ')}] /Count ${count} >>`)
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  streams.forEach((content, i) => {
    const pageId = firstPage + i * 2
    const packed = deflateSync(Buffer.isBuffer(content) ? content : Buffer.from(content, 'latin1'), { level: 9 })
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`
    )
    object(pageId + 1, [
      Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      packed,
      Buffer.from('\nendstream', 'latin1'),
    ])
  })
  return pdf.finish(objectCount)
}

/** A page content stream of about `bytes` bytes that draws text (expensive to parse). */
export function heavyContentStream(bytes: number): Buffer {
  const op = 'BT /F1 11 Tf 56 760 Td (a) Tj ET\n'
  return Buffer.from(op.repeat(Math.ceil(bytes / op.length)), 'latin1')
}

/** The fixed adversarial inputs of issue 23 item 3 (each about `size` characters). */
export function adversarialTexts(size = 100_000): Record<string, string> {
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size)
  return {
    'spaces': 'a' + ' '.repeat(size) + 'b',
    '# a + spaces + b': '# a' + ' '.repeat(size) + 'b',
    '"A. " repeated': fill('A. '),
    'stars': fill('*'),
    'underscores': fill('_'),
    'brackets': fill('['),
    'bracket-paren': fill('[a]('),
    'backticks': fill('`'),
    'pipes': fill('|'),
    'digits with dots': fill('1.'),
    'newline + spaces': fill('\n ') + 'x',
    'spaces then newline': ' '.repeat(size) + '\nx',
    'hashes': fill('#'),
    'heading spaces hashes': '# ' + fill(' #') + 'x',
    'star words': fill('*a '),
    'underscore words': fill('_a '),
    'list markers': fill('- '),
    'tags': fill('<a'),
    'quote markers': fill('> '),
    'abbreviations': fill('e.g. '),
    'hyphens': fill('a-'),
    'line-end hyphens': fill('ab-\n'),
    'a long word after a line-end hyphen': 'well-\nknown ' + 'a'.repeat(size) + '.',
    'apostrophes': 'a' + fill("'"),
    'tabs and nbsp': fill('\t\u00a0'),
    'mixed whitespace lines': fill(' \n \n'),
  }
}
