import { test } from '@japa/runner'
import { textBlocks } from '../../../inertia/components/catalog/text_blocks.js'
import { cutAtBoundary, pagesLabel } from '#shared/text'

/* Issue 29: the document page shows structure, not raw Markdown, and text never stops mid-phrase. */
test.group('Document text blocks', () => {
  test('Markdown headings, lists and a table become blocks (no raw pipes)', ({ assert }) => {
    const blocks = textBlocks(
      [
        '# Photosynthesis',
        '',
        'Plants make sugar.',
        '',
        '- light',
        '- water',
        '',
        '1. absorb',
        '2. fix',
        '',
        '| Stage | Place |',
        '|---|:--:|',
        '| Light | Thylakoid |',
        '| Calvin | Stroma |',
      ].join('\n')
    )
    assert.deepEqual(blocks, [
      { kind: 'heading', level: 2, text: 'Photosynthesis' },
      { kind: 'paragraph', text: 'Plants make sugar.' },
      { kind: 'list', ordered: false, items: ['light', 'water'] },
      { kind: 'list', ordered: true, items: ['absorb', 'fix'] },
      {
        kind: 'table',
        header: ['Stage', 'Place'],
        rows: [
          ['Light', 'Thylakoid'],
          ['Calvin', 'Stroma'],
        ],
      },
    ])
  })

  test('PDF lines join into paragraphs, a title line becomes a heading, hyphenated words rejoin', ({ assert }) => {
    const blocks = textBlocks(
      'The Light Reactions\nChloroplasts capture light in the thylakoid mem-\nbranes and the\nenergy is stored as ATP.\n\nNext part.'
    )
    assert.deepEqual(blocks, [
      { kind: 'heading', level: 3, text: 'The Light Reactions' },
      {
        kind: 'paragraph',
        text: 'Chloroplasts capture light in the thylakoid membranes and the energy is stored as ATP.',
      },
      { kind: 'paragraph', text: 'Next part.' },
    ])
  })

  test('"1 page", and cut text ends at a sentence or with an ellipsis, never on "and the"', ({ assert }) => {
    assert.equal(pagesLabel(1), '1 page')
    assert.equal(pagesLabel(3), '3 pages')
    const long =
      'Photosynthesis has two stages. The first stage is called the Light Reactions and the second is the Calvin cycle in the stroma.'
    assert.equal(cutAtBoundary(long, 40), 'Photosynthesis has two stages.')
    assert.equal(
      cutAtBoundary('The first stage is called the Light Reactions and the second', 50),
      'The first stage is called the Light Reactions…'
    )
    assert.equal(cutAtBoundary('Notes on the Light Reactions and the', 300), 'Notes on the Light Reactions…')
    assert.equal(cutAtBoundary('A short description.', 300), 'A short description.')
  })
})
