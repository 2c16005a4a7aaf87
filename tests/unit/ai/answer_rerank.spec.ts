import { test } from '@japa/runner'
import { askLocal, passagesOf, rankQuestion, withTestVectors } from '#tests/support/ai_passages'

// A paragraph and question of SQuAD 2.0's DEV article Jacksonville,_Florida (bench/data/squad2,
// CC BY-SA 4.0): BM25 and meaning both put the Filipino sentence first ("largest", "Jacksonville",
// an ethnic group), where only the Arab one is "tenth-largest".
const PARAGRAPH =
  'Jacksonville is the most populous city in Florida, and the twelfth most populous city in the United States. ' +
  'As of 2010[update], there were 821,784 people and 366,273 households in the city. ' +
  "Jacksonville has the country's tenth-largest Arab population, with a total population of 5,751 according to " +
  'the 2000 United States Census. ' +
  "Jacksonville has Florida's largest Filipino American community, with 25,033 in the metropolitan area as of the " +
  "2010 Census. Much of Jacksonville's Filipino community served in or has ties to the United States Navy."
const QUESTION = 'What ethnic group located in Jacksonville is ranked tenth largest?'

test.group('Answer reranking (issue 25)', () => {
  test('the answer is the sentence holding the whole question, not the ranking first', async ({ assert }) => {
    const chunks = passagesOf(PARAGRAPH, '1', 'Jacksonville')
    for (const dense of [false, true]) {
      const passages = dense ? await withTestVectors(chunks) : chunks
      const retrieval = await rankQuestion(passages, QUESTION, dense)
      assert.include(retrieval.sentences[0].text, 'Filipino', `dense ${dense}: the ranking alone misses`)
      const answer = await askLocal(passages, QUESTION, dense)
      assert.isTrue(answer.found, `dense ${dense}`)
      assert.include(answer.found ? answer.answer : '', 'tenth-largest Arab population', `dense ${dense}`)
    }
  }).timeout(60_000)
})
