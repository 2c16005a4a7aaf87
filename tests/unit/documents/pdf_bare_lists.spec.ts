import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingestBuffer } from '#services/documents/ingest'
import { layoutToStructured, type PageLine } from '#services/documents/pdf_layout'
import { normalizeStructured } from '#services/documents/structured_text'
import { pageWidths } from '#services/documents/pdf_bare_lists'

/*
| Lecture slides printed by Chromium (tests/fixtures/columns): a `<ul>`'s discs are drawn as shapes,
| so PDF.js gives the points without a mark. Short points read as one run-on paragraph ("When a rock
| crystallizes from melt (magma and/or lava) It is an igneous rock This rock can be …"), and the
| longest point of a slide was taken for a full line and joined to the next.
*/
const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'columns', 'geology_slides.pdf')
const line = (text: string, x: number, y: number, right: number, size = 11): PageLine => ({ text, x, y, size, right })

test.group('PDF lists without bullet marks', () => {
  test("each point of a slide is an item of the slide's list", async ({ assert }) => {
    const { text } = await ingestBuffer('pdf', readFileSync(fixture))
    const blocks = text.split('\n\n')
    assert.deepEqual(blocks.slice(0, 2), [
      '# What geology studies',
      [
        '- There are three major types of rock: igneous',
        '- When a rock crystallizes from melt (magma and/or lava)',
        '- It is an igneous rock',
        '- This rock can be weathered and eroded',
        '- And then redeposited and lithified into a sedimentary rock',
      ].join('\n'),
    ])
    assert.include(blocks, '# Rock types')
    assert.include(text, '\n- Which includes the crust and rigid uppermost portion of the upper mantle\n- Is separated')
    // A point set over two lines stays one item.
    assert.include(
      text,
      '- The development of plate tectonics provided a physical basis for many observations of the solid Earth\n'
    )
  })

  test('a paragraph at the margin stays a paragraph; another indent is no list', ({ assert }) => {
    const page = [
      line('The Calvin cycle', 33.7, 545, 163, 16.5),
      line('The Calvin cycle takes place in the stroma of the chloroplast, where the enzymes of the', 33.7, 520, 466),
      line('cycle are found. It uses the ATP and the NADPH made by the light reactions to fix carbon', 33.7, 508, 465),
      line('dioxide, taken from the air through the leaves, and so to turn it into the sugars of the', 33.7, 496, 466),
      line('plant', 33.7, 484, 60),
      line('Carbon fixation by the enzyme RuBisCO', 63.7, 472, 261),
      line('Reduction to glyceraldehyde 3-phosphate', 63.7, 460, 267),
      line('Regeneration of RuBP', 63.7, 448, 180),
      line('Why it matters', 33.7, 410, 122, 16.5),
      line('Definitions in a manual', 62.5, 380, 200),
      line('Stand at another indent', 62.5, 368, 200),
    ]
    assert.equal(
      normalizeStructured(layoutToStructured([page])),
      [
        '# The Calvin cycle',
        'The Calvin cycle takes place in the stroma of the chloroplast, where the enzymes of the cycle are found. It uses the ATP and the NADPH made by the light reactions to fix carbon dioxide, taken from the air through the leaves, and so to turn it into the sugars of the plant',
        '- Carbon fixation by the enzyme RuBisCO\n- Reduction to glyceraldehyde 3-phosphate\n- Regeneration of RuBP',
        '# Why it matters',
        'Definitions in a manual Stand at another indent',
      ].join('\n\n')
    )
  })

  test('unmarked points nested in a numbered list are its nested items', ({ assert }) => {
    // As Chromium prints <ol><li>Igneous rock<ul><li>…</li></ul></li>…</ol> under a 40 px title.
    const page = [
      line('Rock types', 45, 535, 205, 30),
      line('1. Igneous rock', 55, 491, 178, 18),
      line('Crystallizes from melt', 105, 470, 277, 18),
      line('Magma and lava', 105, 449, 238, 18),
      line('2. Sedimentary rock', 55, 428, 215, 18),
      line('Weathered and eroded', 105, 407, 289, 18),
      line('3. Metamorphic rock', 55, 386, 218, 18),
    ]
    // A landscape page: the text box ends as far from the right edge as the title starts from the left.
    pageWidths.set(page, 792)
    assert.equal(
      normalizeStructured(layoutToStructured([page])),
      [
        '# Rock types',
        [
          '1. Igneous rock',
          '  - Crystallizes from melt',
          '  - Magma and lava',
          '2. Sedimentary rock',
          '  - Weathered and eroded',
          '3. Metamorphic rock',
        ].join('\n'),
      ].join('\n\n')
    )
  })
})
