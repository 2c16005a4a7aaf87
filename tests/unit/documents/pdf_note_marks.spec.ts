import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingestBuffer } from '#services/documents/ingest'
import { pageLines, type TextItem } from '#services/documents/pdf_layout'
import { withoutNoteMarks } from '#services/documents/pdf_marks'

/*
| Footnote markers printed by a tool we did not write (Chromium, `<sup>1</sup>`; tests/fixtures/columns):
| the raised number is an item of its own on the line, and it used to stay in the sentence
| ("… (packet switches or routers).1 Packets are …").
*/
const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'columns', 'packet_switching_footnotes.pdf')
const item = (str: string, x: number, y: number, size: number, width = str.length * size * 0.5): TextItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
})

test.group('PDF note markers', () => {
  test('a raised footnote number is not part of the sentence', async ({ assert }) => {
    const { text } = await ingestBuffer('pdf', readFileSync(fixture))
    assert.include(text, 'intermediate forwarding nodes (packet switches or routers). Packets are normally forwarded')
    assert.include(text, 'and finally in report RM 3420 in 1964. Report P-2626 described')
    assert.notMatch(text, /routers\)\.1|1964\.2/)
    // The notes at the page's foot keep their text, without the raised number that opens them.
    assert.match(text, /(?:^|\n| )Routers forward packets between networks\./)
    assert.match(text, /(?:^|\n| )Baran worked at the RAND Corporation\./)
  })

  test('a power after a number or a short unit stays; a mark after a word goes', ({ assert }) => {
    const lines = pageLines(
      withoutNoteMarks([
        item('An area of 12 km', 10, 100, 10, 80),
        item('2', 90, 104, 7),
        item(' and 10', 94, 100, 10, 30),
        item('3', 124, 104, 7),
        item(' cells, as in table 2 of the survey', 128, 100, 10, 160),
        item('4', 288, 104, 7),
        item(' here.', 292, 100, 10, 25),
      ])
    )
    assert.deepEqual(
      lines.map((l) => l.text),
      ['An area of 12 km2 and 103 cells, as in table 2 of the survey here.']
    )
  })
})
