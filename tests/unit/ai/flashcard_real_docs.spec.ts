import { test } from '@japa/runner'
import { buildFlashcards } from '#services/ai/flashcard_builder'
import { markdownToStructured } from '#services/documents/markdown_structure'
import { chunkText } from '#services/documents/chunker'

/*
| Flashcards on real READMEs nobody here wrote (issue 25 item 3, docs/decisions/ai.md "Real
| documents"): excerpts of the READMEs of the npm packages `async-mutex` 0.5 and `compression`
| 1.8 (both MIT).
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
    const passages = chunkText(markdownToStructured(README)).map((text, i) => ({
      document_id: '1',
      document_title: 'README.md',
      chunk_index: i,
      text,
      vectors: null,
    }))
    const fronts = buildFlashcards(passages, 10).map((c) => c.front)
    assert.include(fronts, 'What is mutex?')
    for (const front of fronts) assert.notMatch(front, /license|compression\(|\.filter/i, front)
  })
})
