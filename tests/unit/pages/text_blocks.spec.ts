import { test } from '@japa/runner'
import { firstBlocks, textBlocks } from '../../../inertia/components/catalog/text_blocks.js'
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

test.group('Document text render budget', () => {
  test('blocks past the budget are left for "Show the rest"; a long list or table is cut', ({ assert }) => {
    const paragraphs = Array.from({ length: 5 }, (_, i) => ({ kind: 'paragraph' as const, text: `p${i}` }))
    assert.deepEqual(firstBlocks(paragraphs, 3), { shown: paragraphs.slice(0, 3), hidden: 2 })
    const list = { kind: 'list' as const, ordered: false, items: ['a', 'b', 'c'] }
    const nested = { ...list, sublists: [{ kind: 'list' as const, ordered: true, items: ['x', 'y'] }] }
    assert.deepEqual(firstBlocks([paragraphs[0], nested], 3).shown, [
      paragraphs[0],
      { ...list, items: ['a'], sublists: [{ kind: 'list', ordered: true, items: ['x'] }] },
    ])
    assert.equal(firstBlocks([paragraphs[0], nested], 3).hidden, 3)
    const table = { kind: 'table' as const, header: ['h'], rows: [['1'], ['2'], ['3']] }
    assert.deepEqual(firstBlocks([table], 3), { shown: [{ ...table, rows: [['1'], ['2']] }], hidden: 1 })
    assert.deepEqual(firstBlocks(paragraphs), { shown: paragraphs, hidden: 0 })
  })
})
