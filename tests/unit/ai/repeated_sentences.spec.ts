import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'
import { splitSentences } from '#services/ai/nlp'
import type { Passage } from '#services/ai/engine'
import { articlePassages } from '../../../bench/support/squad.ts'

/** Every sentence of the tools' output, normalised, with how often it appears. */
function repeats(texts: string[]): string[] {
  const seen = new Map<string, number>()
  for (const t of texts)
    for (const s of splitSentences(t)) {
      const key = s.toLowerCase().replace(/\s+/g, ' ').trim()
      seen.set(key, (seen.get(key) ?? 0) + 1)
    }
  return [...seen].filter(([, n]) => n > 1).map(([s]) => s)
}

// Manuals and handouts repeat whole passages (a definition box, a function's description under
// two headings); libtasn1's manual gave the same key point twice.
test.group('Repeated sentences (issue 25 item 3)', () => {
  test('a passage repeated in the document appears once in summaries, key points and guides', async ({ assert }) => {
    const engine = new LocalEngine()
    for (const title of ['Geology', 'Immune_system']) {
      const article = articlePassages(title)
      const repeated = article.slice(0, 3).map((p, i) => ({ ...p, chunk_index: article.length + i }))
      const passages: Passage[] = [...article, ...repeated]
      const summary = await engine.summarize(passages)
      assert.deepEqual(repeats([summary.summary, ...summary.key_points]), [], title)
      const guide = await engine.studyGuide(passages)
      assert.deepEqual(repeats(guide.sections.map((s) => s.content)), [], title)
    }
  })
})
