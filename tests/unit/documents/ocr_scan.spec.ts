import { test } from '@japa/runner'
import { extractText } from '#services/documents/text_extractor'
import { ingestBuffer } from '#services/documents/ingest'
import { ExtractionRefusal } from '#services/documents/extraction_limits'
import { SCANNED_NOT_READ, ScannedPagesFound } from '#services/documents/ocr_scan'
import { recognisePages } from '#services/documents/ocr_pages'
import { buildScannedPdf, scannedTwoPages } from '#tests/support/scanned_pdf'

/*
| Issue 29 item 8: which PDF pages count as scanned, what the text pass does with them with
| OCR off and on, and the OCR task itself (in this thread, without the pool).
*/

const SETTINGS = { maxPages: 20, pageTimeoutMs: 10_000, renderMaxPx: 2000, maxImagePixels: 40_000_000 }

async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a refusal')
}

test.group('Scanned PDF pages (issue 29 item 8)', () => {
  test('OCR off: all-scan PDFs refused, blank PDFs unreadable, mixed text pages read', async ({ assert }) => {
    const scanned = await refusal(extractText('pdf', scannedTwoPages()))
    assert.instanceOf(scanned, ExtractionRefusal)
    assert.equal(scanned.message, SCANNED_NOT_READ)
    assert.deepEqual((scanned as ExtractionRefusal).details, { rule: 'scanned' })

    const blank = await refusal(ingestBuffer('pdf', buildScannedPdf([{ blank: true }, { blank: true }])))
    assert.equal(blank.message, 'This file has no readable text.')

    const mixed = await extractText(
      'pdf',
      buildScannedPdf([{ text: 'Mitosis makes two identical cells.' }, ['Scanned words']])
    )
    assert.include(mixed.text, 'Mitosis makes two identical cells.')
    assert.equal(mixed.pageCount, 2)
  })

  test('OCR on: textless pages are named and read back in page order', async ({ assert }) => {
    const pdf = buildScannedPdf([{ text: 'Page one has a text layer.' }, ['Scan'], { blank: true }])
    const found = await refusal(extractText('pdf', pdf, undefined, { ocr: true }))
    assert.instanceOf(found, ScannedPagesFound)
    assert.deepEqual((found as ScannedPagesFound).details.pages, [2, 3])

    const read = await extractText('pdf', pdf, undefined, {
      ocr: true,
      texts: { 2: 'Recognised words of page two.', 3: '' },
    })
    assert.match(read.text, /Page one has a text layer\.\s+Recognised words of page two\./)
  })

  test('the OCR task reads image pages, skips blank ones, reports, limits maxPages', async ({ assert }) => {
    const progress: string[] = []
    const texts = await recognisePages(
      { bytes: new Uint8Array(scannedTwoPages()), pages: [1, 2], settings: SETTINGS },
      (p) => progress.push(`${p.page}/${p.pages}`)
    )
    assert.match(texts[1], /Light reactions split water/i)
    assert.match(texts[2], /Calvin cycle/i)
    assert.deepEqual(progress, ['1/2', '2/2'])

    const blank = await recognisePages({
      bytes: new Uint8Array(buildScannedPdf([{ blank: true }])),
      pages: [1],
      settings: SETTINGS,
    })
    assert.deepEqual(blank, { 1: '' })

    const over = await refusal(
      recognisePages({
        bytes: new Uint8Array(scannedTwoPages()),
        pages: [1, 2],
        settings: { ...SETTINGS, maxPages: 1 },
      })
    )
    assert.equal(over.message, 'The file has more than 1 scanned pages to read.')
  }).timeout(120_000)
})
