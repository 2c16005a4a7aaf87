import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingestBuffer } from '#services/documents/ingest'

/*
| A DOCX written by another tool (pandoc, tests/fixtures/docx): Word's heading styles stay
| headings, list items stay items (the nested one too), table rows stay rows, and no sentence of
| the source is lost or glued to a heading.
*/
const fixture = (name: string) => join(import.meta.dirname, '..', '..', 'fixtures', 'docx', name)

test.group('DOCX made by pandoc', () => {
  test('headings, lists, the table and every sentence survive', async ({ assert }) => {
    const { text } = await ingestBuffer('docx', readFileSync(fixture('pandoc_lecture_notes.docx')))
    const lines = text.split('\n').filter((l) => l.trim())
    assert.deepEqual(
      lines.filter((l) => l.startsWith('#')),
      ['# Photosynthesis: lecture notes', '## The light-dependent reactions', '## The Calvin cycle']
    )
    assert.include(lines, '2. Water is split (photolysis), releasing oxygen, protons and electrons.')
    assert.include(lines, '- Carbon fixation by the enzyme RuBisCO')
    assert.include(lines, '  - uses ATP and NADPH')
    assert.include(lines, '| Calvin cycle | Stroma | G3P |')
    for (const sentence of [
      'It takes place in the chloroplasts of plant cells, and it releases oxygen as a by-product of splitting water.',
      'The Calvin cycle takes place in the stroma.',
      'It uses ATP and NADPH to fix carbon dioxide into sugars.',
      'The stroma is the fluid inside the chloroplast.',
      'Glucose is a simple sugar, C6H12O6.',
    ])
      assert.include(text, sentence)
    assert.notMatch(text, /reactions The light-dependent|cycle The Calvin/)
  })
})
