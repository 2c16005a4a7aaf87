import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'

/*
| A table of contents with dot leaders is not text to study (issue 25 item 3, docs/decisions/ai.md
| "Real documents"). Excerpt of the bzip2 1.0.8 manual (/usr/share/doc/bzip2/manual.pdf.gz, bzip2
| licence, BSD-style) as ingest stores it.
*/
const LEADERS = ' . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .'
const MANUAL = [
  '### Table of Contents',
  [
    `1. Introduction${LEADERS} 1`,
    `2. How to use bzip2${LEADERS} 2`,
    `3. Programming with libbzip2${LEADERS} 8`,
    `4. Miscellanea${LEADERS} 31`,
  ].join('\n'),
  `4.1. Limitations of the compressed file format${LEADERS} 31 4.2. Portability issues${LEADERS} 32 4.3. Reporting bugs${LEADERS} 33`,
  `3.1. Top-level structure${LEADERS} 8 3.1.1. Low-level summary${LEADERS} 9 3.1.2. High-level summary${LEADERS} 9 3.1.3. Utility functions summary${LEADERS} 9`,
  '# 1. Introduction',
  'bzip2 compresses files using the Burrows-Wheeler block-sorting text compression algorithm, and Huffman coding. Compression is generally considerably better than that achieved by more conventional LZ77/LZ78-based compressors, and approaches the performance of the PPM family of statistical compressors.',
  'bzip2 is built on top of libbzip2, a flexible library for handling compressed data in the bzip2 format. This manual describes both how to use the program and how to work with the library interface. Most of the manual is devoted to this library, not the program, which is good news if your interest is only in the program.',
  '# 2.5. MEMORY MANAGEMENT',
  'bzip2 compresses large files in blocks. The block size affects both the compression ratio achieved, and the amount of memory needed for compression and decompression. The flags -1 through -9 specify the block size to be 100,000 bytes through 900,000 bytes (the default) respectively.',
  'At decompression time, the block size used for compression is read from the header of the compressed file, and bunzip2 then allocates itself just enough memory to decompress the file. Since block sizes are stored in compressed files, it follows that the flags -1 to -9 are irrelevant to and so ignored during decompression.',
].join('\n\n')

test.group('Tables of contents (issue 25 item 3)', () => {
  test('no summary, guide, course, card or question quotes a contents entry', async ({ assert }) => {
    const engine = new LocalEngine()
    const passages = [{ document_id: '1', document_title: 'bzip2 manual', chunk_index: 0, text: MANUAL, vectors: null }]
    const summary = await engine.summarize(passages)
    const guide = await engine.studyGuide(passages)
    const course = await engine.course(passages, { topic: 'bzip2', level: 'beginner' })
    const cards = await engine.flashcards(passages, { count: 10 })
    const outputs = [summary.summary, ...summary.key_points, ...guide.sections.map((s) => s.content)]
    outputs.push(...course.modules.flatMap((m) => m.lessons.map((l) => l.summary)))
    outputs.push(...cards.cards.flatMap((c) => [c.front, c.back]))
    for (const seed of [1, 2, 3]) {
      const trivia = await engine.trivia(passages, { count: 10, difficulty: 'medium', focusTopic: null, seed })
      outputs.push(...trivia.questions.map((q) => q.question))
    }
    assert.isAbove(outputs.length, 5)
    for (const text of outputs) assert.notInclude(text, '. . . . .', text)
    assert.include(summary.summary, 'bzip2 compresses')
  })
})
