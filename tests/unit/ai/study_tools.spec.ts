import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { LocalEngine } from '#services/ai/local_engine'
import type { Passage } from '#services/ai/engine'
import { storedPassages } from '#tests/support/ai_passages'
import { normalizeText, splitSentences } from '#services/ai/nlp'
import { hideAnswer, kindOf } from '#services/ai/trivia_builder'
import { isHeading } from '#services/ai/passage_lines'
import { rankPassages } from '#services/ai/retrieval'

const read = (name: string) => normalizeText(readFileSync(app.makePath('bench/data/ai_quality', `${name}.md`), 'utf8'))
const passagesOf = (text: string, id = '1'): Passage[] => storedPassages(text, 'Reefs', id)
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const occurs = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'iu').test(text)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

const reefs = read('reefs')
const passages = passagesOf(reefs)
const engine = new LocalEngine()

test.group('Trivia worth playing (issue 17 item 3)', () => {
  test('every occurrence of the answer is hidden', ({ assert }) => {
    const q = hideAnswer('Mainz was sacked in 1462, and printers left Mainz for Mainz-free towns.', 'Mainz', 'place')
    assert.notInclude(q.replace(/Mainz-free/, ''), 'Mainz')
    assert.equal((q.match(/_____/g) || []).length, 3)
    assert.notInclude(
      hideAnswer('Johannes Gutenberg trained as a goldsmith; Gutenberg later printed.', 'Johannes Gutenberg', 'person'),
      'Gutenberg'
    )
  })

  test("questions hide the answer; 4 distinct options of the answer's kind", async ({ assert }) => {
    const { questions } = await engine.trivia(passages, { count: 10, difficulty: 'medium', focusTopic: null, seed: 3 })
    assert.lengthOf(questions, 10)
    for (const q of questions) {
      const answer = q.options[q.correctIndex]
      assert.isFalse(occurs(q.question, answer), q.question)
      assert.lengthOf(q.options, 4)
      assert.equal(new Set(q.options.map((o) => o.toLowerCase())).size, 4)
      for (const option of q.options) {
        assert.isTrue(occurs(reefs, option), `${option} comes from the text`)
        assert.equal(/^\p{Lu}/u.test(option), /^\p{Lu}/u.test(answer), `case of ${option} vs ${answer}`)
        const numeric = (s: string) => ['date', 'number'].includes(kindOf(s))
        assert.equal(numeric(option), numeric(answer), `kind of ${option} vs ${answer}`)
      }
    }
  })

  test('each new game on the same scope draws different questions', async ({ assert }) => {
    const asked: string[] = []
    for (let game = 0; game < 5; game++) {
      const { questions } = await engine.trivia(passages, {
        count: 8,
        difficulty: 'medium',
        focusTopic: null,
        seed: 11,
        avoid: [...asked],
      })
      assert.lengthOf(questions, 8)
      asked.push(...questions.map((q) => q.question))
    }
    assert.equal(new Set(asked).size, asked.length)
  })

  test('hard asks about rarer answers than easy', async ({ assert }) => {
    const frequency = async (difficulty: 'easy' | 'hard') => {
      const { questions } = await engine.trivia(passages, { count: 10, difficulty, focusTopic: null, seed: 5 })
      return mean(questions.map((q) => (reefs.match(new RegExp(escape(q.options[q.correctIndex]), 'gi')) || []).length))
    }
    assert.isBelow(await frequency('hard'), await frequency('easy'))
  })
})

test.group('Flashcards worth studying (issue 17 item 4)', () => {
  test('definitions become fronts with backs of ≤ 2 sentences; no duplicates', async ({ assert }) => {
    const { cards } = await engine.flashcards(passages, { count: 12 })
    assert.lengthOf(cards, 12)
    assert.equal(new Set(cards.map((c) => c.front.toLowerCase())).size, 12)
    assert.equal(new Set(cards.map((c) => c.back)).size, 12)
    for (const card of cards) {
      assert.match(card.front, /^What [^?]+\?$/)
      assert.isAtMost(splitSentences(card.back).length, 2)
    }
    const fronts = cards.map((c) => c.front)
    assert.includeMembers(fronts, ['What is calcification?', 'What is aragonite?'])
  })

  test('defined abbreviations and "X refers to" sentences make cards', async ({ assert }) => {
    const text = normalizeText(
      'The World Health Organization (WHO) coordinates international health work.\n\nHomeostasis refers to the way a body keeps its internal conditions stable. Cells divide often.'
    )
    const { cards } = await engine.flashcards(passagesOf(text), { count: 5 })
    const byFront = new Map(cards.map((c) => [c.front, c.back]))
    assert.equal(byFront.get('What does WHO stand for?'), 'World Health Organization.')
    assert.include(byFront.get('What does homeostasis refer to?') ?? '', 'internal conditions stable')
  })
})

test.group('Study guides and language processing (issue 17 items 2 and 5)', () => {
  test('sections are the document headings, and no heading text leaks into content', async ({ assert }) => {
    const headings = reefs.split(/\n{2,}/).filter((p) => isHeading(p))
    assert.isAbove(headings.length, 10)
    const guide = await engine.studyGuide(passages)
    const sectionHeadings = guide.sections.slice(1).map((s) => s.heading)
    assert.isAbove(sectionHeadings.length, 5)
    for (const heading of sectionHeadings) assert.include(headings, heading)
    for (const section of guide.sections) for (const heading of headings) assert.notInclude(section.content, heading)
  })

  test('a heading line above its paragraph stays a heading after normalisation', ({ assert }) => {
    assert.equal(
      normalizeText('Bleaching\nWhen water stays warm, corals expel their algae.\nThey turn white.'),
      'Bleaching\n\nWhen water stays warm, corals expel their algae. They turn white.'
    )
    assert.equal(normalizeText('the cell\nmembrane is thin.'), 'the cell membrane is thin.')
  })

  test('lemmas: "fall" finds "fell"; an off-topic question matches nothing', async ({ assert }) => {
    const history = passagesOf(
      normalizeText(
        'The Western Roman Empire fell in 476 when Odoacer deposed the last emperor. Trade declined for centuries afterwards.'
      )
    )
    const result = await engine.answer(history, { query: 'When did the Western Roman Empire fall?' })
    assert.isTrue(result.found)
    assert.include(result.answer, '476')
    // An off-topic question scores nothing anywhere (no shared word, no vectors) and is refused.
    assert.equal(rankPassages(passages, 'Who crowned Charlemagne emperor?').sentences[0].score, 0)
    assert.isFalse((await engine.answer(passages, { query: 'Who crowned Charlemagne emperor?' })).found)
    // Only passages the question matches score ("fall" is in the reef text).
    for (const r of rankPassages(passages, 'When did Rome fall?').ranked.filter((x) => x.score > 0))
      assert.match(r.passage.text, /\b(fall|Rome)\b/i)
    assert.isFalse((await engine.answer(passages, { query: 'When did Rome fall?' })).found)
  })
})
