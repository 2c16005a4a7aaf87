import { test } from '@japa/runner'
import { designatorAgreement, designators } from '#services/ai/answer_evidence'
import { BIOLOGY_TEXT } from '#tests/support/ai_fixtures'
import { askLocal, passagesOf, withTestVectors } from '#tests/support/ai_passages'

const PHOTOSYSTEMS = [
  'Photosystem II absorbs light at a wavelength of 680 nm and splits water molecules, releasing oxygen.',
  'Photosystem I absorbs light at a wavelength of 700 nm and hands energised electrons to NADP+.',
  'Both photosystems sit in the thylakoid membranes of the chloroplast.',
].join(' ')

test.group('Q&A evidence (issue 25)', () => {
  test("a question in the student's own words finds the Calvin cycle sentence", async ({ assert }) => {
    const passages = await withTestVectors(passagesOf(BIOLOGY_TEXT))
    const result = await askLocal(passages, 'Which part of the chloroplast hosts the Calvin cycle?')
    assert.isTrue(result.found)
    assert.include(result.answer, 'The Calvin cycle takes place in the stroma')
  }).timeout(60_000)

  test('"photosystem I" is never answered with a sentence about photosystem II', async ({ assert }) => {
    for (const dense of [false, true]) {
      const passages = dense ? await withTestVectors(passagesOf(PHOTOSYSTEMS)) : passagesOf(PHOTOSYSTEMS)
      const first = await askLocal(passages, 'What wavelength of light does photosystem I absorb?', dense)
      assert.isTrue(first.found, `dense ${dense}`)
      assert.include(first.answer, '700 nm', `dense ${dense}`)
      const second = await askLocal(passages, 'What wavelength of light does Photosystem 2 absorb?', dense)
      assert.include(second.answer, '680 nm', `dense ${dense}`)
      // A text about photosystem II only: the question on photosystem I is refused.
      const onlyTwo = passagesOf(PHOTOSYSTEMS.split('. ')[0] + '. ' + PHOTOSYSTEMS.split('. ')[2])
      const refused = await askLocal(
        dense ? await withTestVectors(onlyTwo) : onlyTwo,
        'What wavelength of light does photosystem I absorb?',
        dense
      )
      assert.isFalse(refused.found, `dense ${dense}: ${refused.answer}`)
    }
  }).timeout(60_000)

  test('designators: roman numerals and small numbers after a word, "Type I" is "type 1"', ({ assert }) => {
    assert.deepEqual(
      [...designators('What does photosystem I do in World War II?').entries()].map(([k, v]) => [k, [...v]]),
      [
        ['photosystem', ['1']],
        ['war', ['2']],
      ]
    )
    assert.equal(designators('What should I do? I think so.').size, 0)
    const question = designators('What mediates type 1 hypersensitivity?')
    assert.equal(designatorAgreement(question, 'Type I hypersensitivity is mediated by IgE.'), 1)
    assert.equal(designatorAgreement(question, 'Type IV hypersensitivity is delayed.'), -1)
    assert.equal(designatorAgreement(question, 'Hypersensitivity is an immune response.'), 0)
  })
})
