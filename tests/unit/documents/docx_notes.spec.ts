import { test } from '@japa/runner'
import { htmlToStructured } from '#services/documents/docx_structure'

// mammoth's HTML for a Word file with two footnotes (its own test file footnotes.docx): each
// note ends with a link back to its mark, "↑", which was stored as if the author wrote it.
const FOOTNOTES =
  '<p>Ouch<sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup>.<sup><a href="#footnote-2" id="footnote-ref-2">[2]</a></sup></p>' +
  '<ol><li id="footnote-1"><p> A tachyon walks into a bar. <a href="#footnote-ref-1">↑</a></p></li>' +
  '<li id="endnote-2"><p> Fin. <a href="#endnote-ref-2">↑</a></p></li></ol>'

test.group('Word footnotes and endnotes', () => {
  test('the notes are kept without the way back to their mark', ({ assert }) => {
    assert.equal(htmlToStructured(FOOTNOTES), 'Ouch[1].[2]\n\n1. A tachyon walks into a bar.\n2. Fin.')
  })

  test('a link the author wrote keeps its words', ({ assert }) => {
    assert.equal(
      htmlToStructured('<p>See <a href="https://example.org/">the spec</a> ↑ here.</p>'),
      'See the spec ↑ here.'
    )
  })
})
