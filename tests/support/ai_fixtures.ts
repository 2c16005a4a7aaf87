import { crc32 } from 'node:zlib'
import { pdfFromObjects } from '#tests/support/pdf_writer'

/** Fixture builders with no app imports (used by tests and bench/). */
/** A study text with clear terms (used by functional, unit and browser tests). */
export const BIOLOGY_TEXT = [
  'Photosynthesis is the process by which green plants convert light energy into chemical energy. It takes place mainly in the chloroplasts of leaf cells.',
  'Chlorophyll is the green pigment that absorbs light, mostly in the blue and red wavelengths. Without chlorophyll, plants could not capture the energy of sunlight.',
  'The light-dependent reactions happen in the thylakoid membranes and produce ATP and NADPH. Water molecules are split during these reactions, which releases oxygen as a by-product.',
  'The Calvin cycle takes place in the stroma of the chloroplast. It uses ATP and NADPH to fix carbon dioxide into glucose, a simple sugar the plant uses for energy and growth.',
  'Cellular respiration is the reverse process, in which cells break down glucose to release energy. Mitochondria are the organelles where most cellular respiration happens.',
  'The mitochondrion produces ATP through oxidative phosphorylation. Glycolysis, the first stage of respiration, happens in the cytoplasm and does not need oxygen.',
  'Enzymes are proteins that speed up chemical reactions in cells. Rubisco is the enzyme that fixes carbon dioxide in the Calvin cycle, and it is the most abundant protein on Earth.',
  'Stomata are small pores on the surface of leaves that let carbon dioxide in and water vapour out. Guard cells open and close the stomata to balance gas exchange and water loss.',
].join('\n\n')

export const HISTORY_TEXT = [
  'The Roman Republic was founded in 509 BC after the overthrow of the last Roman king. Its government was led by two consuls elected every year.',
  'The Senate was the most powerful assembly of the Republic, made up of former magistrates. Julius Caesar crossed the Rubicon in 49 BC, starting a civil war against the Senate.',
  'Augustus became the first Roman emperor in 27 BC, ending the Republic. The Pax Romana was a long period of relative peace that followed his reign.',
  'Constantinople became the capital of the Eastern Roman Empire under Constantine. The Western Roman Empire fell in 476 AD when Odoacer deposed Romulus Augustulus.',
].join('\n\n')

function pdfEscape(text: string) {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')
}

/** Wraps a paragraph into lines of at most `width` characters. */
export function wrapLines(text: string, width = 80): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/** Each paragraph wrapped, followed by an empty line. */
function wrap(text: string, width = 90): string[] {
  return text.split(/\n+/).flatMap((paragraph) => [...wrapLines(paragraph, width), ''])
}

/** A valid, minimal PDF (Helvetica text, one content stream per page), written by hand. */
export function buildPdf(pages: string[]): Buffer {
  const objects: string[] = []
  const pageCount = pages.length
  const fontId = 3
  const firstPageId = 4
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  const kids = pages.map((_, i) => `${firstPageId + i * 2} 0 R`).join(' ')
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
  pages.forEach((text, i) => {
    const pageId = firstPageId + i * 2
    const contentId = pageId + 1
    const lines = wrap(text).slice(0, 50)
    const stream = `BT /F1 11 Tf 14 TL 56 760 Td ${lines.map((l) => `(${pdfEscape(l)}) Tj T*`).join(' ')} ET`
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`
  })
  return pdfFromObjects(objects)
}

/** A little-endian record of `size` bytes: [offset, 2 | 4 bytes, value] fields, zeros elsewhere. */
function record(size: number, fields: [number, 2 | 4, number][]) {
  const buf = Buffer.alloc(size)
  for (const [offset, width, value] of fields) {
    if (width === 2) buf.writeUInt16LE(value, offset)
    else buf.writeUInt32LE(value, offset)
  }
  return buf
}

/** A ZIP archive with stored (uncompressed) entries. */
export function buildZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content, 'utf8')
    const nameBuf = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const sizes: [number, 4, number][] = [
      [0, 4, crc],
      [4, 4, data.length],
      [8, 4, data.length],
    ]
    const at = (base: number) => sizes.map(([o, w, v]) => [base + o, w, v] as [number, 4, number])
    locals.push(record(30, [[0, 4, 0x04034b50], [4, 2, 20], ...at(14), [26, 2, nameBuf.length]]), nameBuf, data)
    centrals.push(
      record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], ...at(16), [28, 2, nameBuf.length], [42, 4, offset]]),
      nameBuf
    )
    offset += 30 + nameBuf.length + data.length
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0)
  const count = Object.keys(files).length
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, count],
    [10, 2, count],
    [12, 4, centralSize],
    [16, 4, offset],
  ])
  return Buffer.concat([...locals, ...centrals, end])
}

function xmlEscape(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A minimal Word document (one paragraph per text paragraph). */
export function buildDocx(text: string): Buffer {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
    .join('')
  return buildZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  })
}
