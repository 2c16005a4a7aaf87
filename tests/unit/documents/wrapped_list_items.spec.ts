import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { normalizeStructured } from '#services/documents/structured_text'
import { buildLayoutPdf, type PdfLine } from '#tests/support/structured_fixtures'

// The list of freedesktop.org's shared-mime-info specification (a DocBook PDF shipped by
// Debian): an item wraps onto an unindented line, and the words there ("MIME types)") became a
// block of their own, which the flashcards then took for a heading ("What is MIME types)?").
const INTRO = 'The files created by update-mime-database are listed below, one per line of the list.'
const ITEMS: [string, string | null][] = [
  ['<MIME>/globs2 (contains a mapping from names to MIME types and glob weight)', null],
  ['<MIME>/XMLnamespaces (contains a mapping from XML (namespaceURI, localName) pairs to', 'MIME types)'],
  [
    '<MIME>/MEDIA/SUBTYPE.xml (one file for each MIME type, giving details about the type, including',
    'comment, icon and generic-icon)',
  ],
]
const AFTER = 'The format of these generated files is explained in the following sections of this specification.'
const joined = ITEMS.map(([a, b]) => (b ? `${a} ${b}` : a))

test.group('Wrapped list items (outside documents)', () => {
  test('a PDF list item wrapped onto an unindented line stays one item', async ({ assert }) => {
    const lines: PdfLine[] = [{ text: INTRO, size: 10 }]
    for (const [first, rest] of ITEMS) {
      lines.push({ text: `\x95 ${first}`, size: 10, gapBefore: 5 })
      // Debian's PDF hangs the wrapped line under the item's text, right of the bullet.
      if (rest) lines.push({ text: rest, size: 10, indent: 10 })
    }
    lines.push({ text: AFTER, size: 10, gapBefore: 5 })
    const { text } = await ingestBuffer('pdf', buildLayoutPdf([lines]))
    assert.include(text, joined.map((item) => `• ${item}`).join('\n'))
    assert.notMatch(text, /\n\n(MIME types\)|comment, icon)/)
    // The paragraph after the list starts back at the bullets' margin: not part of the last item.
    assert.include(text, `\n\n${AFTER}`)
  })

  test('a Markdown item continued lazily keeps its words; a new sentence after a finished item does not join it', ({
    assert,
  }) => {
    assert.equal(
      normalizeStructured('- a mapping from XML pairs to\nMIME types\n- a second item'),
      '- a mapping from XML pairs to MIME types\n- a second item'
    )
    assert.equal(
      normalizeStructured('- apples.\n- pears.\nThat is all we need.'),
      '- apples.\n- pears.\n\nThat is all we need.'
    )
  })
})
