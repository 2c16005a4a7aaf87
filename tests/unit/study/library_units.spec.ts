import { test } from '@japa/runner'
import { chunkRanges, parsePassage } from '#services/study/library/passage_focus'
import { fullText } from '#services/catalog/document_access_service'
import { locatePoints } from '#services/study/library/point_sources'
import { matchesQuery } from '#services/study/library/study_library_service'
import { ankiField, exportFlashcards } from '#services/ai/flashcard_export'

/* Issue 27: the pieces behind passage links, located key points, library search and exports. */
test.group('Study library units (issue 27)', () => {
  test('chunk ranges cut the full text exactly as the document page shows it', ({ assert }) => {
    const chunks = [
      { chunkIndex: 2, content: '  Third.  ' },
      { chunkIndex: 0, content: 'First passage.\nWith a line.' },
      { chunkIndex: 1, content: '   ' },
      { chunkIndex: 3, content: 'Fourth' },
    ]
    const text = fullText(chunks)
    const ranges = chunkRanges(chunks)
    assert.equal(text.slice(ranges.get(0)!.start, ranges.get(0)!.end), 'First passage.\nWith a line.')
    assert.equal(text.slice(ranges.get(2)!.start, ranges.get(2)!.end), 'Third.')
    assert.equal(text.slice(ranges.get(3)!.start, ranges.get(3)!.end), 'Fourth')
    assert.isUndefined(ranges.get(1))
    assert.equal(ranges.get(3)!.end, text.length)
  })

  test('a ?passage value is a chunk index or nothing', ({ assert }) => {
    assert.equal(parsePassage('0'), 0)
    assert.equal(parsePassage('42'), 42)
    for (const bad of [undefined, '', '-1', '1.5', 'a', '1234567890', ['1']]) assert.isNull(parsePassage(bad))
  })

  test('key points find their passage: word for word first, else the one sharing most words', ({ assert }) => {
    const passages = [
      { document_id: '1', chunk_index: 0, text: 'Chlorophyll absorbs light.   Plants   store energy in glucose.' },
      { document_id: '1', chunk_index: 1, text: 'Mitochondria release energy from glucose during respiration.' },
      { document_id: '2', chunk_index: 0, text: 'Rome had emperors.' },
    ]
    assert.deepEqual(
      locatePoints(
        [
          'Plants store energy in glucose.',
          'Mitochondria release energy from sugar during respiration',
          'Unrelated words entirely',
          '',
        ],
        passages
      ),
      [{ document_id: '1', chunk_index: 0 }, { document_id: '1', chunk_index: 1 }, null, null]
    )
  })

  test('library search: every word, any case, anywhere in the text', ({ assert }) => {
    assert.isTrue(matchesQuery('Flashcards: Cell Biology', 'cell FLASH'))
    assert.isFalse(matchesQuery('Flashcards: Cell Biology', 'cell rome'))
    assert.isTrue(matchesQuery('anything', '   '))
    // One Unicode form for "é", typed composed (NFC) or as "e" + U+0301 (NFD), on either side.
    assert.isTrue(matchesQuery('Summary: Caf\u00E9 culture', 'cafe\u0301'))
    assert.isTrue(matchesQuery('Summary: Cafe\u0301 culture', 'CAF\u00C9'))
  })

  test('Anki fields keep line breaks as <br> and stay one line; order is the given order', ({ assert }) => {
    assert.equal(ankiField('a\nb\r\nc\rd'), 'a<br>b<br>c<br>d')
    assert.equal(ankiField('x\ty "q" <i>&'), 'x&#9;y &quot;q&quot; &lt;i&gt;&amp;')
    const out = exportFlashcards(
      [
        { front: 'B', back: '2' },
        { front: 'A', back: '1\n1' },
      ],
      'anki'
    ).split('\n')
    assert.deepEqual(out.slice(3), ['B\t2', 'A\t1<br>1', ''])
  })
})
