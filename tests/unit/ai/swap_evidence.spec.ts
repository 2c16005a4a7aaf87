import { test } from '@japa/runner'
import { analyzeText } from '#services/ai/language'
import { conflictEvidence } from '#services/ai/answer_conflicts'
import { OPPOSITE } from '#services/ai/opposites'
import { askLocal, passagesOf, withTestVectors } from '#tests/support/ai_passages'

const YACHTING =
  'Southern California is also important to the world of yachting. The annual Transpacific Yacht Race, or ' +
  "Transpac, from Los Angeles to Hawaii, is one of yachting's premier events. The San Diego Yacht Club held the " +
  "America's Cup, the most prestigious prize in yachting, from 1988 to 1995 and hosted three America's Cup races " +
  'during that time.'

async function ask(query: string, dense: boolean) {
  const chunks = passagesOf(YACHTING, '1', 'Southern California')
  return askLocal(dense ? await withTestVectors(chunks) : chunks, query, dense)
}

function evidence(question: string, sentence: string, neighbours = '') {
  const tokens = (text: string) => analyzeText(text).tokens
  return conflictEvidence(tokens(question), tokens(sentence), [...tokens(sentence), ...tokens(neighbours)])
}

// Questions and sentences from SQuAD 2.0's DEV articles (bench/data/squad2, CC BY-SA 4.0).
test.group('Swap evidence for refusals (issue 25)', () => {
  test('a year the sentence does not hold, where it holds others, is a number conflict', ({ assert }) => {
    const sentence =
      "The San Diego Yacht Club held the America's Cup, the most prestigious prize in yachting, from 1988 to 1995."
    assert.equal(evidence('What was held at the San Diego Yacht Club from 1985 to 1998?', sentence).numberConflict, 1)
    assert.equal(evidence('What was held at the San Diego Yacht Club from 1988 to 1995?', sentence).numberConflict, 0)
    assert.equal(evidence('What did the San Diego Yacht Club hold?', sentence).numberConflict, 0)
  })

  test('an ordinal the context lacks, where the sentence has another, is a number conflict', ({ assert }) => {
    const sentence =
      'A third possible source of tumor antigens are proteins normally important for regulating cell growth.'
    assert.equal(evidence('What is a fourth possible source for tumor antigens?', sentence).numberConflict, 1)
    assert.equal(evidence('What is a third possible source for tumor antigens?', sentence).numberConflict, 0)
  })

  test('names the question joins but the text holds apart are a mashup', ({ assert }) => {
    const sentence =
      'North of Greater Los Angeles are the Santa Barbara, San Luis Obispo, and Bakersfield metropolitan areas.'
    assert.equal(evidence('What areas are north of Greater Santa Barbara?', sentence).nameMashup, 1)
    assert.equal(evidence('What areas are north of Greater Los Angeles?', sentence).nameMashup, 0)
    assert.equal(evidence('Where is Santa Barbara?', sentence).nameMashup, 0)
  })

  test('"helper B cell" against "helper T cell" is a letter mismatch; the same letter is not', ({ assert }) => {
    const sentence =
      'This combination of MHC and antigen attracts a matching helper T cell, which releases lymphokines.'
    assert.equal(evidence('What attracts a matching helper B cell?', sentence).letterMismatch, 1)
    assert.equal(evidence('What attracts a matching helper T cell?', sentence).letterMismatch, 0)
    assert.equal(evidence('What is a vitamin?', 'A B vitamin is a vitamin.').letterMismatch, 0)
  })

  test('a sentence denying the asked claim is a negated claim, unless the question is negated too', ({ assert }) => {
    const sentence = 'This system does not confer long-lasting immunity against a pathogen.'
    assert.equal(
      evidence('What system gives an organism long lasting immunity against a pathogen?', sentence).negatedClaim,
      1
    )
    assert.equal(evidence('What system does not give long lasting immunity?', sentence).negatedClaim, 0)
    assert.equal(
      evidence('What gives long lasting immunity?', 'Vaccination gives long-lasting immunity.').negatedClaim,
      0
    )
  })

  test('a name swapped into the slot of the sentence is a slot swap', ({ assert }) => {
    const swapped = evidence(
      'What network was operated by the Dutch KPN Telecom?',
      'Datanet 1 was the public switched data network operated by the Dutch PTT Telecom.'
    )
    assert.equal(swapped.slotSwap, 1)
    assert.equal(swapped.slotSwapName, 1)
    const same = evidence(
      'What network was operated by the Dutch PTT Telecom?',
      'Datanet 1 was the public switched data network operated by the Dutch PTT Telecom.'
    )
    assert.equal(same.slotSwap, 0)
  })

  test('the engine refuses the swapped years and answers the true ones', async ({ assert }) => {
    for (const dense of [false, true]) {
      const answered = await ask('What did the San Diego Yacht Club hold from 1988 to 1995?', dense)
      assert.isTrue(answered.found, `dense ${dense}`)
      assert.include(answered.found ? answered.answer : '', "America's Cup")
      const refused = await ask('What was held at the San Diego Yacht Club from 1985 to 1998?', dense)
      assert.isFalse(refused.found, `dense ${dense}`)
    }
  }).timeout(60_000)

  test('opposites include WordNet antonyms beyond the hand-picked list, in both directions', ({ assert }) => {
    assert.include(OPPOSITE.get('abundant') ?? [], 'scarce')
    assert.include(OPPOSITE.get('scarce') ?? [], 'abundant')
    assert.include(OPPOSITE.get('most') ?? [], 'least')
    assert.isAbove(OPPOSITE.size, 3000)
  })
})
