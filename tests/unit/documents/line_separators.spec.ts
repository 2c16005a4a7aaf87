import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { buildSmallDocx } from '#tests/support/hostile_files'

/*
| Unicode's other line ends and control characters in uploads (docs/decisions/hostile_io.md
| "Hostile files, session 16"). Generated text: a heading above a paragraph, the line ends
| written as NEL (U+0085), LINE SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029), as macOS
| TextEdit, web copies and old EBCDIC conversions write them.
*/
const lines = ['Cell Biology', '', 'Mitochondria', '', 'The mitochondria produce ATP through cellular respiration.']

test.group('Line separators and control characters in uploads', () => {
  for (const [name, eol] of [
    ['NEL', '\u0085'],
    ['LINE SEPARATOR', '\u2028'],
    ['PARAGRAPH SEPARATOR', '\u2029'],
  ] as const) {
    test(`${name} ends a line: headings stay headings (txt and md)`, async ({ assert }) => {
      const txt = await ingestBuffer('txt', Buffer.from(lines.join(eol)))
      assert.match(txt.text, /^# Cell Biology\n\n## Mitochondria\n\nThe mitochondria produce ATP/)
      const md = await ingestBuffer('md', Buffer.from(['# Cell Biology', '', 'Mitochondria make ATP.'].join(eol)))
      assert.match(md.text, /^# Cell Biology\n\nMitochondria make ATP\.$/)
      assert.notMatch(txt.text + md.text, /[\u0085\u2028\u2029]/)
    })
  }

  test('control characters of a Word file are not stored', async ({ assert }) => {
    const docx = buildSmallDocx('Cell\u0001\u0008 membranes\u001b hold the cell\u0080 together.\n\nMore text.')
    const { text, description } = await ingestBuffer('docx', docx)
    assert.equal(text, 'Cell membranes hold the cell together.\n\nMore text.')
    assert.equal(description, 'Cell membranes hold the cell together. More text.')
  })

  test('tabs, form feeds and CRLF still read as before', async ({ assert }) => {
    const { text } = await ingestBuffer('txt', Buffer.from('Cell Biology\r\n\r\nThe cell\tdivides.\f\r\nIt grows.'))
    assert.equal(text, '# Cell Biology\n\nThe cell divides. It grows.')
  })
})
