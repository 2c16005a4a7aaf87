import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingestBuffer } from '#services/documents/ingest'
import { splitSentences } from '#services/ai/nlp'

/*
| A PDF set in two justified columns by a tool we did not write (Chromium; tests/fixtures/columns).
| A sentence that runs from the foot of one column to the top of the next stays one paragraph, and
| a line broken only because its column was full is never taken for a heading or a list item.
*/
const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'columns')
const squad = join(import.meta.dirname, '..', '..', '..', 'bench', 'data', 'squad2', 'squad2-dev-12-articles.json')
const source = (JSON.parse(readFileSync(squad, 'utf8')) as { data: any[] }).data
  .find((a) => a.title === 'Geology')
  .paragraphs.map((p: { context: string }) => p.context.trim())
const words = (s: string) => s.replace(/\s+/g, ' ').trim()

test.group('PDF in two columns', () => {
  test('every paragraph of the article comes out whole, under the one title', async ({ assert }) => {
    const { text } = await ingestBuffer('pdf', readFileSync(join(fixtures, 'geology_two_columns.pdf')))
    const blocks = text.split(/\n\s*\n/).map(words)
    assert.deepEqual(
      blocks.filter((b) => b.startsWith('#')),
      ['# Geology']
    )
    const paragraphs = blocks.filter((b) => !b.startsWith('#'))
    assert.lengthOf(paragraphs, source.length)
    paragraphs.forEach((p, i) => {
      assert.equal(p.slice(0, 40), words(source[i]).slice(0, 40))
      assert.equal(p.slice(-40), words(source[i]).slice(-40))
    })
  })

  test('the sentences of the extracted text are the sentences of the article', async ({ assert }) => {
    const { text } = await ingestBuffer('pdf', readFileSync(join(fixtures, 'geology_two_columns.pdf')))
    const extracted = new Set(splitSentences(text).map(words))
    const expected = source.flatMap((p: string) => splitSentences(p).map(words))
    const missing = expected.filter((s: string) => !extracted.has(s))
    assert.isAtMost(missing.length, expected.length * 0.02, missing.slice(0, 5).join('\n'))
  })
})
