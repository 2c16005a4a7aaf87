import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'
import { markdownToStructured } from '#services/documents/markdown_structure'
import { storedPassages } from '#tests/support/ai_passages'

/*
| Study-guide sections on real READMEs nobody here wrote (issue 25 item 3, docs/decisions/ai.md
| "Real documents"): excerpts of the READMEs of the npm packages `compression` 1.8 and
| `async-mutex` 0.5 (both MIT).
*/
const README = `## Installation

You can install the library into your project via npm

    npm install async-mutex

The library is written in TypeScript and will work in any environment that
supports ES5, ES6 promises and \`Array.isArray\`.

### Options

\`compression()\` accepts these properties in the options object. In addition to
those listed below, [zlib](https://nodejs.org/api/zlib.html) options may be
passed in to the options object or
[brotli](https://nodejs.org/api/zlib.html#zlib_class_brotlioptions) options.

##### filter

Type: \`Function\`

A function to decide if the response should be considered for compression.
This function is called as \`filter(req, res)\` and is expected to return
\`true\` to consider the response for compression, or \`false\` to not compress
the response.

##### level

Type: \`Number\`<br>
Default: \`zlib.constants.Z_DEFAULT_COMPRESSION\`, or \`-1\`

The level of zlib compression to apply to responses. A higher level will result
in better compression, but will take longer to complete. A lower level will
result in less compression, but will be much faster.
`

test.group('Study guides on real documents (issue 25 item 3)', () => {
  test('a short line right below a marked heading is neither a heading nor a sentence to pick', async ({ assert }) => {
    const passages = storedPassages(markdownToStructured(README), 'README.md')
    const guide = await new LocalEngine().studyGuide(passages)
    const headings = guide.sections.map((s) => s.heading)
    assert.includeMembers(headings, ['Installation', 'Options', 'filter', 'level'])
    for (const heading of headings) assert.notMatch(heading, /^Type:|^You can install/, heading)
    // Nor is it a sentence of the section: "Type: Number Default: …, or -1 The level of zlib …" would run on.
    for (const section of guide.sections) assert.notInclude(section.content, 'Type: Number', section.heading)
    const cards = await new LocalEngine().flashcards(passages, { count: 10 })
    for (const card of cards.cards) assert.notMatch(card.back, /^Type:/, card.front)
  })
})
