import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { createCanvas } from '@napi-rs/canvas'
import { fromProjectRoot } from '#start/project_root'
import { PdfWriter } from '#tests/support/pdf_writer'

/*
| Scanned PDFs for the OCR tests and bench (issue 29 item 8): each page is one greyscale image
| (an image XObject, FlateDecode) and no text layer, as a scanner or a phone app makes them.
| `tests/fixtures/scanned_two_pages.pdf` was made with `buildScannedPdf(SCANNED_PAGES)` and
| written to that path: the tests that check recognised words read that file, so they do not
| depend on the fonts of the machine; the others build pages here.
*/

/** The words on the committed fixture's two pages. */
export const SCANNED_PAGES = [
  [
    'Photosynthesis in chloroplasts',
    'Light reactions split water and release oxygen.',
    'Chlorophyll absorbs red and blue light.',
  ],
  ['The Calvin cycle', 'Rubisco fixes carbon dioxide into sugar.', 'Glucose is built from the fixed carbon.'],
]

const WIDTH = 1275 // 8.5 in at 150 dpi
const HEIGHT = 1650 // 11 in

/** One page image: black text lines on white, 150 dpi, greyscale bytes. */
export function renderTextPage(lines: string[]): Buffer {
  const canvas = createCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, WIDTH, HEIGHT)
  context.fillStyle = '#000000'
  lines.forEach((line, i) => {
    context.font = i === 0 ? 'bold 56px sans-serif' : '40px sans-serif'
    context.fillText(line, 110, 220 + i * 90)
  })
  const rgba = context.getImageData(0, 0, WIDTH, HEIGHT).data
  const grey = Buffer.alloc(WIDTH * HEIGHT)
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4]
  return grey
}

/** A page: lines drawn on an image (a scan), `{ text }` (a text layer) or `{ blank: true }`. */
export type ScanPage = string[] | { text: string } | { blank: true }

/** A PDF of Letter pages, one per entry of `pages`: image-only unless the entry says otherwise. */
export function buildScannedPdf(pages: ScanPage[]): Buffer {
  const pdf = new PdfWriter('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
  const object = (id: number, ...body: (string | Buffer)[]) => pdf.object(id, ...body)
  const stream = (dictionary: string, data: Buffer) => [
    `<< ${dictionary} /Length ${data.length} >>\nstream\n`,
    data,
    '\nendstream',
  ]
  // Objects: 1 catalog, 2 page tree, then per page: page, content, image.
  const pageId = (i: number) => 3 + i * 3
  const objectCount = 3 + pages.length * 3
  object(1, '<< /Type /Catalog /Pages 2 0 R >>')
  object(2, `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`)
  pages.forEach((entry, i) => {
    const id = pageId(i)
    if (!Array.isArray(entry)) {
      // A text page (Helvetica, id + 2 is its font) or a blank one.
      const content = 'text' in entry ? `BT /F1 14 Tf 72 700 Td (${entry.text.replace(/[()\\]/g, '')}) Tj ET` : ''
      object(
        id,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`
      )
      object(id + 1, ...stream('', Buffer.from(content, 'latin1')))
      object(id + 2, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
      return
    }
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Scan ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`
    )
    object(id + 1, ...stream('', Buffer.from('q 612 0 0 792 0 0 cm /Scan Do Q', 'latin1')))
    const image = deflateSync(renderTextPage(entry), { level: 9 })
    object(
      id + 2,
      ...stream(
        `/Type /XObject /Subtype /Image /Width ${WIDTH} /Height ${HEIGHT} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
        image
      )
    )
  })
  return pdf.finish(objectCount)
}

export const SCANNED_FIXTURE = 'tests/fixtures/scanned_two_pages.pdf'

/** The committed two-page scan (SCANNED_PAGES). */
export function scannedTwoPages(): Buffer {
  return readFileSync(fromProjectRoot(SCANNED_FIXTURE))
}
