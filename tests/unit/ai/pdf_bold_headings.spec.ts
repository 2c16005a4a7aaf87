import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { splitSentences } from '#services/ai/nlp'
import { buildLayoutPdf, wrapLines, type PdfLine } from '#tests/support/structured_fixtures'

/*
| Issue 25 item 3: many PDFs set their headings in bold at the body size. A short bold line that
| stands alone (after a finished paragraph or a gap, before text) is a heading; bold words inside
| a paragraph, a bold sentence and a short plain line are not.
*/

const WHY =
  'Photosynthesis is the process by which green plants convert light energy into chemical energy. It feeds almost every food chain on Earth, and it releases the oxygen that animals breathe.'
const LIGHT =
  'The light-dependent reactions convert light energy into ATP and NADPH in the thylakoid membranes. Water is split and oxygen is released as a by-product of these reactions.'
const CALVIN =
  'The Calvin cycle takes place in the stroma and fixes carbon dioxide into sugar. It uses the ATP and NADPH made by the light-dependent reactions.'

const body = (text: string, gapBefore = 6): PdfLine[] =>
  wrapLines(text, 70).map((line, i) => ({ text: line, size: 11, gapBefore: i === 0 ? gapBefore : 0 }))

const headings = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^#{1,3} /.test(l))
    .map((l) => l.replace(/^#+ /, ''))

test.group('PDF headings set in bold at the body size (issue 25 item 3)', () => {
  test('a lone short bold line is a heading; bold in a paragraph is not', async ({ assert }) => {
    const calvin = wrapLines(CALVIN, 70)
    const pdf = buildLayoutPdf([
      [
        { text: 'Why photosynthesis matters', size: 11, bold: true },
        ...body(WHY, 4),
        { text: 'The light-dependent reactions', size: 11, bold: true, gapBefore: 10 },
        ...body(LIGHT, 4),
        // A bold sentence of its own, then a paragraph whose middle line is bold.
        { text: 'Remember this.', size: 11, bold: true, gapBefore: 10 },
        { text: calvin[0], size: 11, gapBefore: 10 },
        { text: calvin[1], size: 11, bold: true },
        ...calvin.slice(2).map((text) => ({ text, size: 11 })),
        { text: 'Further reading', size: 11, gapBefore: 10 },
        ...body('Any textbook of plant biology has a chapter on the chloroplast and its two stages.', 4),
      ],
    ])
    const { text } = await ingestBuffer('pdf', pdf)
    assert.deepEqual(headings(text), ['Why photosynthesis matters', 'The light-dependent reactions'])
    assert.include(text, `# Why photosynthesis matters\n\n${WHY}`)
    assert.include(text, `# The light-dependent reactions\n\n${LIGHT}`)
    assert.include(text, CALVIN)
    for (const sentence of splitSentences(text))
      assert.notMatch(sentence, /matters Photosynthesis|reactions The light/, sentence)
  })

  test('a document in one font has no bold headings, whatever its short lines', async ({ assert }) => {
    const pdf = buildLayoutPdf([
      [
        { text: 'Why photosynthesis matters', size: 11 },
        ...body(WHY, 4),
        { text: 'The light-dependent reactions', size: 11, gapBefore: 10 },
        ...body(LIGHT, 4),
      ],
    ])
    assert.deepEqual(headings((await ingestBuffer('pdf', pdf)).text), [])
  })
})
