import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { splitSentences } from '#services/ai/nlp'
import { buildStyledDocx } from '#tests/support/structured_fixtures'
import { textBlocks } from '../../../inertia/components/catalog/text_blocks.js'

/*
| Issue 25 item 3: a nested list keeps its nesting through extraction. Word gives each list
| paragraph a level (`w:ilvl` in `w:numPr`); Markdown indents. Both are stored the same way
| (a nested item indented two spaces per level under its parent), readers of the text still get
| each item once without markers, and the document page nests the lists.
*/

const INTRO = 'Photosynthesis has two stages, and each stage has its own steps.'
const STORED = [
  INTRO,
  '',
  '- Light reactions',
  '  - Photosystem II splits water.',
  '  - Photosystem I makes NADPH.',
  '    - Ferredoxin carries the electrons.',
  '- Calvin cycle',
  '  1. Rubisco fixes carbon dioxide.',
  '  2. ATP and NADPH reduce the product.',
  '- Both stages happen in the chloroplast.',
].join('\n')

const ITEMS = [
  'Light reactions',
  'Photosystem II splits water.',
  'Photosystem I makes NADPH.',
  'Ferredoxin carries the electrons.',
  'Calvin cycle',
  'Rubisco fixes carbon dioxide.',
  'ATP and NADPH reduce the product.',
  'Both stages happen in the chloroplast.',
]

test.group('Nested lists survive extraction (issue 25 item 3)', () => {
  test('DOCX: list levels (w:ilvl) nest; numbered lists inside bullets keep numbers', async ({ assert }) => {
    const docx = buildStyledDocx([
      { text: INTRO },
      {
        items: [
          { text: 'Light reactions', level: 0 },
          { text: 'Photosystem II splits water.', level: 1 },
          { text: 'Photosystem I makes NADPH.', level: 1 },
          { text: 'Ferredoxin carries the electrons.', level: 2 },
          { text: 'Calvin cycle', level: 0 },
          { text: 'Rubisco fixes carbon dioxide.', level: 1, ordered: true },
          { text: 'ATP and NADPH reduce the product.', level: 1, ordered: true },
          { text: 'Both stages happen in the chloroplast.', level: 0 },
        ],
      },
    ])
    const ingested = await ingestBuffer('docx', docx)
    assert.equal(ingested.text, STORED)
    assert.deepEqual(ingested.chunks, [STORED])
    // Readers of the text: each item once, no markers, no indentation.
    assert.deepEqual(splitSentences(ingested.chunks[0]), [INTRO, ...ITEMS])
    // The page nests the lists.
    assert.deepEqual(textBlocks(ingested.chunks.join('\n\n')), [
      { kind: 'paragraph', text: INTRO },
      {
        kind: 'list',
        ordered: false,
        items: ['Light reactions', 'Calvin cycle', 'Both stages happen in the chloroplast.'],
        sublists: [
          {
            kind: 'list',
            ordered: false,
            items: ['Photosystem II splits water.', 'Photosystem I makes NADPH.'],
            sublists: [undefined, { kind: 'list', ordered: false, items: ['Ferredoxin carries the electrons.'] }],
          },
          {
            kind: 'list',
            ordered: true,
            items: ['Rubisco fixes carbon dioxide.', 'ATP and NADPH reduce the product.'],
          },
        ],
      },
    ])
  })

  test('Markdown and plain text nested lists are stored the same way, whatever their indent', async ({ assert }) => {
    const md = [
      INTRO,
      '',
      '* Light reactions',
      '    * Photosystem II splits **water**.',
      '    * Photosystem I makes NADPH.',
      '        - Ferredoxin carries the electrons.',
      '* Calvin cycle',
      '    1. Rubisco fixes carbon dioxide.',
      '    2. ATP and NADPH reduce the product.',
      '* Both stages happen in the chloroplast.',
    ].join('\n')
    assert.equal((await ingestBuffer('md', Buffer.from(md))).text, STORED)
    const txt = md.replace('**water**', 'water').replaceAll('*', '-').replaceAll('    ', '\t')
    assert.equal((await ingestBuffer('txt', Buffer.from(txt))).text, STORED)
  })

  test('a flat list stays flat, and a wrapped item line still joins its item', async ({ assert }) => {
    const md = `${INTRO}\n\n- Light reactions happen in the\n  thylakoid membranes.\n- Calvin cycle`
    assert.equal(
      (await ingestBuffer('md', Buffer.from(md))).text,
      `${INTRO}\n\n- Light reactions happen in the thylakoid membranes.\n- Calvin cycle`
    )
  })
})
