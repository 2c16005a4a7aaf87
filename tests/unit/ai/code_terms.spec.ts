import { test } from '@japa/runner'
import { askLocal, passagesOf } from '#tests/support/ai_passages'
import { ingestBuffer } from '#services/documents/ingest'

/*
| Versions and options are what students of software documentation ask about. Excerpts: the
| README of the npm package `semver` 7 (ISC licence), as a Markdown upload stores it (code spans
| kept as text); gzip(1) from gzip 1.12 (GNU GPL v3+) and the zstd README (BSD licence).
*/
const SEMVER = `#### Tilde Ranges \`~1.2.3\` \`~1.2\` \`~1\`

Allows patch-level changes if a minor version is specified on the
comparator.  Allows minor-level changes if not.

* \`~1.2.3\` := \`>=1.2.3 <1.(2+1).0\` := \`>=1.2.3 <1.3.0-0\`
* \`~0.2.3\` := \`>=0.2.3 <0.(2+1).0\` := \`>=0.2.3 <0.3.0-0\`

#### Caret Ranges \`^1.2.3\` \`^0.2.5\` \`^0.0.4\`

Allows changes that do not modify the left-most non-zero element in the
\`[major, minor, patch]\` tuple.

* \`^1.2.3\` := \`>=1.2.3 <2.0.0-0\`
* \`^0.2.3\` := \`>=0.2.3 <0.3.0-0\`
* \`^0.0.3\` := \`>=0.0.3 <0.0.4-0\`
`

const OPTIONS = [
  'Compressed files can be restored to their original form using gzip -d or gunzip or zcat.',
  'To compress with a dictionary, run zstd -D dictionaryName FILE and keep the dictionary.',
].join('\n\n')

test.group('Q&A over versions and command-line options', () => {
  test('a version range keeps its operator', async ({ assert }) => {
    const { chunks } = await ingestBuffer('md', Buffer.from(SEMVER))
    const passages = chunks.map((text, i) => ({ ...passagesOf('x')[0], chunk_index: i, text }))
    const result = await askLocal(passages, 'What does ^0.2.3 match?', false)
    assert.isTrue(result.found)
    assert.match(result.answer, /^\^0\.2\.3 := /)
  })

  test('an option keeps its case', async ({ assert }) => {
    const lower = await askLocal(passagesOf(OPTIONS), 'What does -d restore?', false)
    assert.include(lower.answer, 'gzip -d')
    const upper = await askLocal(passagesOf(OPTIONS), 'What does -D compress with?', false)
    assert.include(upper.answer, 'zstd -D')
  })
})
