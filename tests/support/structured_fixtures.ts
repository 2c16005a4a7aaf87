import { buildZip } from '#tests/support/ai_fixtures'
import { pdfFromObjects } from '#tests/support/pdf_writer'

/** Fixture builders for documents with structure (issue 25 item 3): no app imports. */

/** `indent`: points right of the left margin (a list item's wrapped lines hang under its text). */
export type PdfLine = { text: string; size: number; gapBefore?: number; bold?: boolean; indent?: number }

function pdfEscape(text: string) {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')
}

/**
 * A PDF whose lines are set at given font sizes (Helvetica, Helvetica-Bold for `bold` lines), one
 * content stream per page, with each line placed below the one before (its size × 1.25, plus
 * `gapBefore`), as a word processor lays out headings, body lines and paragraph gaps.
 */
export function buildLayoutPdf(pages: PdfLine[][], figures: Record<number, string> = {}): Buffer {
  const objects: string[] = []
  const fontId = 3
  const firstPageId = 4
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${firstPageId + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
  const boldFont = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'
  pages.forEach((lines, i) => {
    const pageId = firstPageId + i * 2
    let y = 760
    const ops = lines.map((line) => {
      y -= line.size * 1.25 + (line.gapBefore ?? 0)
      return `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${56 + (line.indent ?? 0)} ${y.toFixed(1)} Td (${pdfEscape(line.text)}) Tj ET`
    })
    // A page's drawing (paths of a figure), after its text.
    const stream = ops.join('\n') + (figures[i] ? `\n${figures[i]}` : '')
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R /F2 ${boldFont} >> >> /Contents ${pageId + 1} 0 R >>`
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`
  })
  return pdfFromObjects(objects)
}

/** A figure of `bytes` bytes of path operators: no text, but PDF.js reads every operator. */
export function figureStream(bytes: number): string {
  const op = '56 100 m 300 400 l S\n'
  return op.repeat(Math.ceil(bytes / op.length))
}

export { wrapLines } from '#tests/support/ai_fixtures'

/** A list paragraph: its text and its level (`w:ilvl`), in a bulleted or a numbered (decimal) list. */
export type DocxItem = { text: string; level: number; ordered?: boolean }
export type DocxBlock =
  | { heading?: 1 | 2 | 3 | 'Title'; text: string }
  | { bullets: string[] }
  | { items: DocxItem[] }
  | { table: string[][] }

function xml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

const run = (text: string) => `<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r>`
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

/**
 * A Word document with heading styles (styles.xml names them), bulleted and numbered lists
 * (nested by `w:ilvl`) and tables.
 */
export function buildStyledDocx(blocks: DocxBlock[]): Buffer {
  const body = blocks
    .map((b) => {
      if ('bullets' in b)
        return b.bullets
          .map((t) => `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run(t)}</w:p>`)
          .join('')
      if ('items' in b)
        return b.items
          .map(
            (it) =>
              `<w:p><w:pPr><w:numPr><w:ilvl w:val="${it.level}"/><w:numId w:val="${it.ordered ? 2 : 1}"/></w:numPr></w:pPr>${run(it.text)}</w:p>`
          )
          .join('')
      if ('table' in b)
        return `<w:tbl>${b.table.map((row) => `<w:tr>${row.map((c) => `<w:tc><w:p>${run(c)}</w:p></w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`
      const style = b.heading === 'Title' ? 'Title' : b.heading ? `Heading${b.heading}` : null
      return `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${run(b.text)}</w:p>`
    })
    .join('')
  const levels = (format: string, text: string) =>
    [0, 1, 2, 3]
      .map((l) => `<w:lvl w:ilvl="${l}"><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`)
      .join('')
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`
  return buildZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/_rels/document.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}${style('Heading3', 'heading 3')}</w:styles>`,
    'word/numbering.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0">${levels('bullet', '•')}</w:abstractNum><w:abstractNum w:abstractNumId="1">${levels('decimal', '%1.')}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  })
}

/**
 * The Word file the structure tests upload: two level-1 sections (`why`, `light`) with a bullet
 * list between them and a table of stages after, under an optional Title.
 */
export function photosynthesisDocx(why: string, light: string, title?: string): Buffer {
  return buildStyledDocx([
    ...(title ? [{ heading: 'Title' as const, text: title }] : []),
    { heading: 1, text: 'Why photosynthesis matters' },
    { text: why },
    { bullets: ['Chlorophyll absorbs light.', 'Water is split into oxygen.'] },
    { heading: 1, text: 'The light-dependent reactions' },
    { text: light },
    {
      table: [
        ['Stage', 'Place'],
        ['Calvin cycle', 'stroma'],
      ],
    },
  ])
}
