import { test } from '@japa/runner'
import { buildFlashcards, subjectQuestion } from '#services/ai/flashcard_builder'
import { markdownToStructured } from '#services/documents/markdown_structure'
import { storedPassages } from '#tests/support/ai_passages'

/*
| Flashcards on real READMEs nobody here wrote (issue 25 item 3, docs/decisions/ai.md "Real
| documents"): excerpts of the READMEs of the npm packages `async-mutex` 0.5, `compression` 1.8
| and `asap` 2.0 (all MIT), of rustfmt's README (MIT or Apache-2.0) and of the bzip2 1.0.8 manual
| (BSD-style).
*/
const README = `# async-mutex

## Mutex

The term "mutex" usually refers to a data structure used to synchronize
concurrent processes running on different threads.

## API

### compression([options])

Returns the compression middleware using the given options.

### .filter

The default \`filter\` function.

## License

Feel free to use this library under the conditions of the MIT license.
`

test.group('Flashcards on real documents (issue 25 item 3)', () => {
  test('a heading makes a card only when it is a word and the sentence below speaks of it', ({ assert }) => {
    const passages = storedPassages(markdownToStructured(README), 'README.md')
    const fronts = buildFlashcards(passages, 10).map((c) => c.front)
    assert.include(fronts, 'What is mutex?')
    for (const front of fronts) assert.notMatch(front, /license|compression\(|\.filter/i, front)
  })

  test('a subject question needs an object: not a determiner or pronoun standing alone', ({ assert }) => {
    const asap =
      'The implementation uses both and cancels whatever handler loses the race, since setTimeout tends to occasionally skip tasks in unisolated circumstances.'
    assert.isNull(subjectQuestion(asap, 'implementation'))
    assert.isNull(subjectQuestion('The enzyme makes it possible for the cell to divide.', 'enzyme'))
    assert.equal(
      subjectQuestion(
        'The block size affects both the compression ratio achieved, and the amount of memory needed for compression and decompression.',
        'block size'
      ),
      'What does the block size affect?'
    )
  })

  test('a participle is no main verb, and a file name is no term', ({ assert }) => {
    const rustfmt =
      'Code containing non-ascii unicode characters (we believe Rustfmt mostly works here, but do not have the test coverage or experience to be 100% sure).'
    assert.isNull(subjectQuestion(rustfmt, 'Code'))
    const text =
      'Rustfmt is designed to be very configurable. You can create a TOML file called rustfmt.toml or .rustfmt.toml, place it in the project or any other parent directory and it will apply the options in that file.'
    const cards = buildFlashcards(
      [{ document_id: '1', document_title: 'README.md', chunk_index: 0, text, vectors: null }],
      5
    )
    for (const card of cards) assert.notMatch(card.front, /rustfmt\?/i, card.front)
  })

  // Apache License 2.0 section 1 and LGPL-2.1 section 0, as Debian ships them
  // (/usr/share/common-licenses): terms defined in quotes made no card at all (a 422).
  test('a term defined in quotes makes a card ("License" shall mean …)', ({ assert }) => {
    const text = [
      '1. Definitions.',
      '"License" shall mean the terms and conditions for use, reproduction, and distribution as defined by Sections 1 through 9 of this document.',
      '"Licensor" shall mean the copyright owner or entity authorized by the copyright owner that is granting the License.',
      'A "library" means a collection of software functions and/or data prepared so as to be conveniently linked with application programs (which use some of those functions and data) to form executables.',
    ].join('\n\n')
    const cards = buildFlashcards(
      [{ document_id: '1', document_title: 'LICENSE', chunk_index: 0, text, vectors: null }],
      5
    )
    assert.includeMembers(
      cards.map((c) => c.front.toLowerCase()),
      ['what does license mean?', 'what does licensor mean?', 'what does library mean?']
    )
  })
})
