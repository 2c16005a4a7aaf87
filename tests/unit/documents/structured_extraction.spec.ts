import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { buildLayoutPdf, photosynthesisDocx, wrapLines, type PdfLine } from '#tests/support/structured_fixtures'
import type { Assert } from '@japa/assert'
import { textBlocks, type TextBlock } from '../../../inertia/components/catalog/text_blocks.js'

/*
| Issue 25 item 3 and issue 29 "reading your own upload": headings stay headings through
| extraction (PDF font sizes and line gaps, Word styles, Markdown), paragraphs never break
| mid-sentence, lists and tables survive, and the stored text renders as such on the
| document page (text_blocks.ts reads the stored chunks).
*/

const WHY =
  'Photosynthesis is the process by which green plants convert light energy into chemical energy. It feeds almost every food chain on Earth, and it releases the oxygen that animals breathe in every day of their lives.'
const LIGHT =
  'The light-dependent reactions convert light energy into ATP and NADPH in the thylakoid membranes. Water is split and oxygen is released as a by-product of these reactions, which need a steady supply of light to run.'
const CALVIN =
  'The Calvin cycle takes place in the stroma and fixes carbon dioxide into sugar. It uses the ATP and NADPH made by the light-dependent reactions.'

const body = (text: string, gapBefore = 6): PdfLine[] =>
  wrapLines(text, 70).map((line, i) => ({ text: line, size: 11, gapBefore: i === 0 ? gapBefore : 0 }))

/** The page's blocks for a stored text (its chunks joined as the page joins them). */
async function pageBlocks(kind: 'pdf' | 'docx' | 'md', bytes: Buffer) {
  const ingested = await ingestBuffer(kind, bytes)
  return { ingested, blocks: textBlocks(ingested.chunks.join('\n\n')) }
}

const headings = (blocks: TextBlock[]) =>
  blocks.filter((b) => b.kind === 'heading').map((b) => (b as { text: string }).text)
const paragraphs = (blocks: TextBlock[]) =>
  blocks.filter((b) => b.kind === 'paragraph').map((b) => (b as { text: string }).text)

/** The three headings, the two paragraphs, the bullet list and the table of stages of the fixture. */
function assertOutline(assert: Assert, blocks: TextBlock[], bullets: string[]) {
  assert.deepEqual(headings(blocks), ['Photosynthesis', 'Why photosynthesis matters', 'The light-dependent reactions'])
  assert.deepEqual(paragraphs(blocks), [WHY, LIGHT])
  assert.deepInclude(blocks, { kind: 'list', ordered: false, items: bullets })
  assert.deepInclude(blocks, { kind: 'table', header: ['Stage', 'Place'], rows: [['Calvin cycle', 'stroma']] })
}

test.group('Structure survives extraction (issue 25 item 3, issue 29)', () => {
  test('PDF: larger lines are headings, paragraphs run over a page break, page numbers go', async ({ assert }) => {
    const split = wrapLines(LIGHT, 70)
    const pdf = buildLayoutPdf([
      [
        { text: 'Photosynthesis', size: 22 },
        { text: 'Why photosynthesis matters', size: 15, gapBefore: 8 },
        ...body(WHY),
        { text: 'The light-dependent reactions', size: 15, gapBefore: 10 },
        ...split.slice(0, 2).map((text) => ({ text, size: 11 })),
        { text: '1', size: 9, gapBefore: 400 },
      ],
      [
        ...split.slice(2).map((text) => ({ text, size: 11 })),
        { text: 'The Calvin cycle', size: 15, gapBefore: 10 },
        ...body(CALVIN),
        { text: '2', size: 9, gapBefore: 400 },
      ],
    ])
    const { ingested, blocks } = await pageBlocks('pdf', pdf)
    assert.deepEqual(headings(blocks), [
      'Photosynthesis',
      'Why photosynthesis matters',
      'The light-dependent reactions',
      'The Calvin cycle',
    ])
    assert.deepEqual(paragraphs(blocks), [WHY, LIGHT, CALVIN])
    assert.equal(blocks[0].kind === 'heading' && blocks[0].level, 2)
    assert.equal(blocks[1].kind === 'heading' && blocks[1].level, 3)
    assert.equal(ingested.description, WHY)
    assert.equal(ingested.pageCount, 2)
  })

  test('DOCX: Word heading styles are headings; lists and tables are kept', async ({ assert }) => {
    const { blocks } = await pageBlocks('docx', photosynthesisDocx(WHY, LIGHT, 'Photosynthesis'))
    assertOutline(assert, blocks, ['Chlorophyll absorbs light.', 'Water is split into oxygen.'])
  })

  test('Markdown: headings, lists and tables, and no raw "|" on the page', async ({ assert }) => {
    const md = [
      '# Photosynthesis',
      '',
      'Why photosynthesis matters',
      '--------------------------',
      WHY.replace('light energy', '**light energy**'),
      '',
      '* Chlorophyll absorbs *light*.',
      '* Water is split.',
      '',
      '1. Light reactions',
      '2. Calvin cycle',
      '',
      '| Stage | Place |',
      '|:------|------:|',
      '| Calvin cycle | [stroma](https://example.com) |',
      '',
      '## The light-dependent reactions',
      LIGHT,
    ].join('\n')
    const { blocks } = await pageBlocks('md', Buffer.from(md))
    assertOutline(assert, blocks, ['Chlorophyll absorbs light.', 'Water is split.'])
    assert.deepInclude(blocks, { kind: 'list', ordered: true, items: ['Light reactions', 'Calvin cycle'] })
    for (const text of paragraphs(blocks)) assert.notInclude(text, '|')
  })

  test('descriptions never open with a heading and never stop mid-phrase', async ({ assert }) => {
    const long = `${'The light reactions and the dark reactions of the chloroplast '.repeat(8)}are linked by ATP.`
    const md = `# Photosynthesis\n\n## Light Reactions and the Calvin Cycle\n\n${long}`
    const { ingested } = await pageBlocks('md', Buffer.from(md))
    assert.isAtMost(ingested.description!.length, 300)
    assert.match(ingested.description!, /^The light reactions/)
    assert.match(ingested.description!, /[\p{L}]…$/u)
    assert.notMatch(ingested.description!, /\b(and|the|of)…$/)
  })
})
