import { test } from '@japa/runner'
import { analyzeText } from '#services/ai/language'
import { conflictEvidence } from '#services/ai/answer_conflicts'
import { extraEvidence } from '#services/ai/answer_evidence'
import { questionGroups, weighGroups } from '#services/ai/retrieval'

const PS2 = 'Photosystem II absorbs light at a wavelength of 680 nm and splits water molecules, releasing oxygen.'
const BOTH = 'Both photosystems sit in the thylakoid membranes of the chloroplast.'
const tokens = (text: string) => analyzeText(text).tokens

function evidence(question: string, sentence: string, neighbours: string) {
  const sentenceTokens = tokens(sentence)
  return extraEvidence({
    groups: weighGroups(question, [new Set(tokens(`${sentence} ${neighbours}`).map((t) => t.key))]),
    question,
    questionTokens: tokens(question),
    sentence,
    sentenceTokens,
    contextTokens: [...tokens(neighbours), ...sentenceTokens],
    context: `${neighbours} ${sentence}`,
  })
}

test.group('Designators written as numerals (issue 25)', () => {
  test('"Photosystem 2" and "Photosystem II" are the same word', ({ assert }) => {
    const two = questionGroups('What wavelength of light does Photosystem 2 absorb?').find((g) => g.text === '2')
    assert.includeMembers(two!.keys, ['ii'])
    const roman = questionGroups('What does Photosystem II absorb?').find((g) => g.text === 'II')
    assert.includeMembers(roman!.keys, ['2'])
    const question = tokens('What wavelength of light does Photosystem 2 absorb?')
    assert.equal(conflictEvidence(question, tokens(PS2), tokens(PS2)).numberConflict, 0)
    const other = tokens('What wavelength of light does Photosystem 3 absorb?')
    assert.equal(conflictEvidence(other, tokens(PS2), tokens(PS2)).numberConflict, 1)
  })

  test('a sentence naming the word bare beside one naming another designator does not answer', ({ assert }) => {
    const question = 'What wavelength of light does photosystem I absorb?'
    assert.equal(evidence(question, BOTH, PS2).designatorMismatch, 1)
    assert.equal(evidence(question, BOTH, 'Photosystem I absorbs light at 700 nm.').designatorMismatch, 0.5)
    assert.equal(evidence(question, BOTH, 'Chlorophyll absorbs light.').designatorMismatch, 0.5)
    assert.equal(evidence(question, PS2, BOTH).designatorMismatch, 1)
  })
})
