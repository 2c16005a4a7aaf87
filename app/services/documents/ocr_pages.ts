import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ExtractionRefusal } from '#services/documents/extraction_limits'

/**
 * Recognising scanned PDF pages offline (issue 29 item 8, flag enable_ocr_processing). Runs
 * inside a WorkerPool thread (task `ocr`, app/workers/tasks.ts), never on the event loop:
 * PDF.js (bundled by unpdf) draws each page on a @napi-rs/canvas canvas (Skia, a prebuilt binary
 * shipped in the npm package), tesseract.js (WebAssembly) reads the image with the English LSTM
 * model of @tesseract.js-data/eng, read from node_modules. Nothing is downloaded or cached on
 * disk (`cacheMethod: 'none'`). Plain code: no framework imports.
 */
export type OcrSettings = {
  /** Scanned pages one file may have. */
  maxPages: number
  /** Time per scanned page, in ms (the task's limit is this × the pages to look at). */
  pageTimeoutMs: number
  /** Longest side of a rendered page, in pixels. */
  renderMaxPx: number
  /** Embedded images above this many pixels are not decoded (PDF.js `maxImageSize`). */
  maxImagePixels: number
}

export type OcrPayload = { bytes: Uint8Array; pages: number[]; settings: OcrSettings }
/** Sent before each scanned page is read: page `page` of `pages` (1-based). */
export type OcrProgress = { stage: 'ocr'; page: number; pages: number }
export type Report = (progress: OcrProgress) => void

const require = createRequire(import.meta.url)

/**
 * The folder holding eng.traineddata.gz: the integer LSTM model (tessdata_best, 2.9 MB), the one tesseract.js picks
 * for LSTM-only.
 */
export function englishDataPath() {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
}

/** PDF.js operators that paint a raster image: a page with none of them has nothing to read. */
async function imageOperators(): Promise<Set<number>> {
  const { getResolvedPDFJS } = await import('unpdf')
  const { OPS } = await getResolvedPDFJS()
  return new Set([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ])
}

const count = (n: number) => n.toLocaleString('en-US')

/**
 * The text of `pages` (1-based page numbers without a text layer), by page number. Pages that
 * paint no image (blank, vector drawings) read as ''. More image pages than `maxPages` → 400.
 */
export async function recognisePages(
  { bytes, pages, settings }: OcrPayload,
  report: Report = () => {}
): Promise<Record<number, string>> {
  const { getDocumentProxy, renderPageAsImage } = await import('unpdf')
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { maxImageSize: settings.maxImagePixels })
  const texts: Record<number, string> = Object.fromEntries(pages.map((n) => [n, '']))
  let worker: {
    recognize: (image: Buffer) => Promise<{ data: { text: string } }>
    terminate: () => Promise<unknown>
  } | null = null
  try {
    const painting = await imageOperators()
    const scanned: number[] = []
    for (const n of pages) {
      const { fnArray } = await (await pdf.getPage(n)).getOperatorList()
      if (fnArray.some((op) => painting.has(op))) scanned.push(n)
    }
    if (scanned.length > settings.maxPages) {
      throw new ExtractionRefusal(`The file has more than ${count(settings.maxPages)} scanned pages to read.`, 'pages')
    }
    if (!scanned.length) return texts

    const { createWorker, OEM } = await import('tesseract.js')
    const dataPath = englishDataPath()
    worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: dataPath,
      cachePath: dataPath,
      cacheMethod: 'none',
      gzip: true,
    })
    for (const [index, n] of scanned.entries()) {
      report({ stage: 'ocr', page: index + 1, pages: scanned.length })
      const viewport = (await pdf.getPage(n)).getViewport({ scale: 1 })
      const scale = Math.min(4, settings.renderMaxPx / Math.max(viewport.width, viewport.height, 1))
      const png = await renderPageAsImage(pdf, n, { canvasImport: () => import('@napi-rs/canvas'), scale })
      texts[n] = (await worker.recognize(Buffer.from(png))).data.text
    }
    return texts
  } finally {
    await worker?.terminate().catch(() => {})
    await Promise.resolve((pdf as unknown as { destroy?: () => Promise<void> }).destroy?.()).catch(() => {})
  }
}
