import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingestBuffer } from '#services/documents/ingest'
import { layoutToStructured, type PageLine } from '#services/documents/pdf_layout'

/*
| A web page printed by Chromium with its "Headers and footers" on (tests/fixtures/columns): the date,
| time and title at each page's top, the address and "n/N" at its foot. Two pages are too few for
| the repeated-line rule, and the sentence that ran over the page break carried them
| ("… (2,300 sq 11/27/26, 10:37 PM Victoria lecture notes … file:///tmp/victoria_notes.html 1/2 mi) is sown …").
*/
const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'columns', 'victoria_print_header.pdf')
const line = (text: string, y: number, size = 11): PageLine => ({ text, y, size })

test.group('PDF printed by a browser', () => {
  test("the browser's header and footer are not text, and the sentence goes on over the page break", async ({
    assert,
  }) => {
    const { text } = await ingestBuffer('pdf', readFileSync(fixture))
    assert.notMatch(text, /\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}|lecture notes|file:|\b[12]\/2\b/)
    assert.include(text, 'A further 6,000 square kilometres (2,300 sq mi) is sown for hay.')
    assert.isTrue(text.startsWith('# Victoria (Australia)\n\nThe economy of Victoria is highly diversified'))
  })

  test('other locales and addresses; a date inside the text stays', ({ assert }) => {
    const page = (n: number, body: string[]) => [
      ...body.map((t, i) => line(t, 700 - i * 14)),
      line('27.11.26, 22:36 Notes on Geology', 780, 8),
      line(`https://example.org/geology/notes.html ${n}/2`, 20, 8),
    ]
    const text = layoutToStructured([
      page(1, [
        'Geology is the study of the Earth, of the rocks it is made of, and of the ways they change over time.',
        '27.11.26, 22:36: the field trip on the geology of the coast',
        'began in the',
      ]),
      page(2, ['valley, with the study of the Earth and its rocks.']),
    ])
    assert.equal(
      text,
      'Geology is the study of the Earth, of the rocks it is made of, and of the ways they change over time.\n27.11.26, 22:36: the field trip on the geology of the coast\nbegan in the\nvalley, with the study of the Earth and its rocks.'
    )
  })
})
