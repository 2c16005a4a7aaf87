import { test } from '@japa/runner'
import fc from 'fast-check'
import { sentenceSegments } from '#services/ai/sentence_segments'
import { splitPlainSentences } from '#services/ai/nlp'
import { chunkText } from '#services/documents/chunker'

/*
| Sentence segments without a break iterator per paragraph (docs/decisions/hostile_io.md "Hostile
| files, session 16"): 100,000 one-word paragraphs (a word list, generated here) took 5 s to chunk,
| 16 µs of ICU set-up per paragraph. Same segments as Intl.Segmenter, fewer calls to it.
*/
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
/** The segments `splitPlainSentences` reads: trimmed, non-empty, where they start. */
const read = (segments: Iterable<{ segment: string; index: number }>) =>
  [...segments]
    .filter((s) => s.segment.trim())
    .map((s) => [s.segment.trim(), s.index + s.segment.length - s.segment.trimStart().length])

test.group('Sentence segments', () => {
  test('the same segments as Intl.Segmenter', ({ assert }) => {
    const units = [...'a1 .!?)"”’\n\r\u2028…。;(؟', 'Bc']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 30 }), (parts) => {
        const text = parts.join('')
        assert.deepEqual(read(sentenceSegments(text)), read(segmenter.segment(text)), JSON.stringify(text))
      }),
      { seed: 16, numRuns: 5000 }
    )
  })

  test('a paragraph that cannot break does not ask the segmenter', ({ assert }) => {
    const segment = Intl.Segmenter.prototype.segment
    let calls = 0
    Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, input: string) {
      calls++
      return segment.call(this, input)
    }
    try {
      const text = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'Photosynthesis.' : 'Mitochondria')).join('\n\n')
      assert.lengthOf(splitPlainSentences(text), 10_000)
      assert.lengthOf(chunkText(text), 129)
      assert.isBelow(calls, 10)
      assert.deepEqual(splitPlainSentences('Dr. Smith arrived. He left!'), ['Dr. Smith arrived.', 'He left!'])
      assert.isAbove(calls, 0)
    } finally {
      Intl.Segmenter.prototype.segment = segment
    }
  })
})
