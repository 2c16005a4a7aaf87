import { test } from '@japa/runner'
import { rankPassages, readOut } from '#services/ai/retrieval'
import { LocalEngine } from '#services/ai/local_engine'
import type { Passage } from '#services/ai/engine'

// Sentences of SQuAD 2.0 development articles (CC BY-SA 4.0) whose answer the former window
// (sentences over 240 characters cut to 120 around the clause most like the question) cut off.
const SHORT =
  'According to the United States Census Bureau, the city has a total area of 874.3 square miles (2,264 km2), making Jacksonville the largest city in land area in the contiguous United States; of this, 86.66% (757.7 sq mi or 1,962 km2) is land and ; 13.34% (116.7 sq mi or 302 km2) is water.'
const LONG =
  'Helper T cells have a weaker association with the MHC:antigen complex than observed for killer T cells, meaning many receptors (around 200–300) on the helper T cell must be bound by an MHC:antigen in order to activate the helper cell, while killer T cells can be activated by engagement of a single MHC:antigen molecule.'

const engine = new LocalEngine()
const passage = (text: string): Passage => ({
  document_id: '1',
  document_title: 'Notes',
  chunk_index: 0,
  text,
  vectors: null,
})

async function ask(text: string, query: string) {
  const retrieval = rankPassages([passage(text)], query)
  return engine.answer(readOut(retrieval, 60000), { query, retrieval })
}

test.group('Q&A answer window', () => {
  test('a sentence within 300 characters is answered whole', async ({ assert }) => {
    assert.isAbove(SHORT.length, 240)
    const result = await ask(SHORT, 'What is the land area of Jacksonville?')
    assert.isTrue(result.found)
    assert.equal(result.found && result.answer, SHORT)
  })

  test('a longer sentence is cut to at most 300 characters around the clauses that answer', async ({ assert }) => {
    assert.isAbove(LONG.length, 300)
    const result = await ask(
      LONG,
      'The receptors on a killer T cell must bind to how many MHC: antigen complexes in order to activate the cell?'
    )
    assert.isTrue(result.found)
    const answer = result.found ? result.answer : ''
    assert.isAtMost(answer.length, 300)
    assert.isAtLeast(answer.length, 200)
    assert.include(answer, 'a single MHC:antigen molecule')
    assert.isTrue(answer.startsWith('…') || answer.endsWith('…'))
  })
})
