import { test } from '@japa/runner'
import { rankPassages, readOut } from '#services/ai/retrieval'
import { LocalEngine } from '#services/ai/local_engine'
import type { Passage } from '#services/ai/engine'

// A scope still embedding (docs/decisions/ai.md, session 16): one document has its vectors, the other not yet.
// A sentence of Immune_system, SQuAD 2.0 development article (CC BY-SA 4.0), holds the answer, unembedded.
const ANSWER =
  'Neutrophils and macrophages are phagocytes that travel throughout the body in pursuit of invading pathogens.'
const OTHER = 'The museum opens every morning at nine and closes late on Fridays during the summer months.'

function unit(seed: number) {
  const v = Float32Array.from({ length: 512 }, (_, i) => Math.sin(seed * 7.1 + i * 0.37))
  const norm = Math.hypot(...v)
  return v.map((x) => x / norm)
}

const query = 'Which phagocytes travel throughout the body looking for pathogens?'
const queryVector = unit(1)
const passages: Passage[] = [
  { document_id: '1', document_title: 'Museum', chunk_index: 0, text: OTHER, vectors: [queryVector, queryVector] },
  { document_id: '2', document_title: 'Immunity', chunk_index: 0, text: ANSWER, vectors: null },
]

test.group('Q&A over a scope still embedding', () => {
  test('ranks lexically until every passage has its vectors, and answers from the unembedded one', async ({
    assert,
  }) => {
    const partly = rankPassages(passages, query, queryVector)
    assert.isFalse(partly.dense)
    assert.equal(partly.ranked[0].passage.document_id, '2')
    const result = await new LocalEngine().answer(readOut(partly, 60000), { query, retrieval: partly })
    assert.isTrue(result.found)
    assert.include(result.found ? result.answer : '', 'Neutrophils and macrophages')

    const whole = rankPassages([passages[0], { ...passages[1], vectors: [unit(2), unit(3)] }], query, queryVector)
    assert.isTrue(whole.dense)
  })
})
