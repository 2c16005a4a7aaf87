import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'
import { gluedHeading } from '#services/ai/passage_lines'
import { splitSentences } from '#services/ai/nlp'
import { articlePassages } from '../../../bench/support/squad.ts'

// Headings that extraction ran into the sentence below them (issue 25 item 3).
const GLUED = [
  'Why photosynthesis matters Photosynthesis is the process by which green plants convert light energy into chemical energy. It feeds almost every food chain on Earth.',
  'The light-dependent reactions The light-dependent reactions convert light energy into ATP and NADPH in the thylakoid membranes. Water is split and oxygen is released.',
  'The Calvin cycle The Calvin cycle takes place in the stroma and fixes carbon dioxide into sugar. It uses the ATP and NADPH made before.',
].join('\n\n')

test.group('Summaries and headings (issue 25)', () => {
  test('a summary never contains a heading run into a sentence', async ({ assert }) => {
    const engine = new LocalEngine()
    const passages = [
      { document_id: '1', document_title: 'Photosynthesis', chunk_index: 0, text: GLUED, vectors: null },
    ]
    const result = await engine.summarize(passages)
    for (const text of [result.summary, ...result.key_points]) {
      assert.notMatch(text, /matters Photosynthesis|reactions The light|cycle The Calvin/, text)
    }
    assert.include(result.summary, 'Photosynthesis is the process')
    const guide = await engine.studyGuide(passages)
    assert.includeMembers(
      guide.sections.map((s) => s.heading),
      ['Why photosynthesis matters', 'The light-dependent reactions']
    )
  })

  test('ordinary sentences of public articles are never taken for glued headings', ({ assert }) => {
    for (const title of ['Southern_California', 'Harvard_University', 'Geology']) {
      for (const p of articlePassages(title))
        for (const s of splitSentences(p.text)) assert.equal(gluedHeading(s), 0, s)
    }
  })
})
