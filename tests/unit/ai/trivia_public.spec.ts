import { test } from '@japa/runner'
import { buildTrivia } from '#services/ai/trivia_builder'
import { isStopword } from '#services/ai/nlp'
import { articlePassages } from '../../../bench/support/squad.ts'

/** Issue 25 item 3: trivia distractors are plausible neighbours of the same kind, on public articles. */
const shape = (option: string) =>
  [
    /%|\bper ?cent\b/i.test(option) ? 'percent' : '',
    /^(1\d{3}|20\d{2})s?$/.test(option) ? 'year' : '',
    /\d/.test(option) ? 'digits' : '',
    /^\p{Lu}/u.test(option) ? 'Capitalised' : 'lower',
  ].join(' ')

/** The words right before and after the answer in its source sentence. */
function neighbours(sentence: string, answer: string): string[] {
  const at = sentence.indexOf(answer)
  if (at < 0) return []
  // A word joined by a hyphen ("San Bernardino-Riverside") is a compound, not one name.
  const before = /\s$/.test(sentence.slice(0, at)) ? sentence.slice(0, at).trim().split(/\s+/).pop() || '' : ''
  const after =
    sentence
      .slice(at + answer.length)
      .trim()
      .split(/\s+/)[0] || ''
  return [before, /^[\p{L}]/u.test(sentence.slice(at + answer.length, at + answer.length + 1)) ? '' : after]
}

test.group('Trivia on public articles (SQuAD 2.0 DEV, issue 25)', () => {
  test("every option has the answer's kind and form, and no answer is a piece of a longer name", async ({ assert }) => {
    let asked = 0
    for (const title of ['Geology', 'Immune_system', 'Southern_California']) {
      const passages = articlePassages(title)
      for (const difficulty of ['easy', 'medium', 'hard'] as const) {
        for (const seed of [1, 2, 3]) {
          const { questions } = buildTrivia(passages, { count: 12, difficulty, focusTopic: null, seed })
          for (const q of questions) {
            asked++
            const answer = q.options[q.correctIndex]
            for (const option of q.options)
              assert.equal(shape(option), shape(answer), `${title}: ${q.options.join(' / ')} [${answer}]`)
            if (/^\p{Lu}/u.test(answer)) {
              const source = q.explanation.replace(/^The source says: "|"$/g, '')
              for (const word of neighbours(source, answer)) {
                const name = /^\p{Lu}[\p{L}-]*$/u.test(word) && !isStopword(word)
                assert.isFalse(name, `${title}: "${answer}" is cut from a longer name in: ${source}`)
              }
            }
          }
        }
      }
    }
    assert.isAbove(asked, 200)
  }).timeout(180_000)
})
