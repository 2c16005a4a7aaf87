import { test } from '@japa/runner'
import { buildFlashcards, subjectQuestion } from '#services/ai/flashcard_builder'
import { isStopword, stem, words } from '#services/ai/nlp'
import { analyzeText } from '#services/ai/language'
import { articlePassages } from '../../../bench/support/squad.ts'

const QUESTION_WORDS = new Set([
  'what',
  'where',
  'who',
  'when',
  'which',
  'how',
  'is',
  'are',
  'does',
  'do',
  'did',
  'the',
  'a',
  'an',
  'stand',
  'for',
  'take',
  'place',
  'mean',
  'refer',
  'to',
  'describe',
  'denote',
])

/** Issue 25 item 3: flashcard fronts are questions about real terms, never filler. */
test.group('Flashcard fronts on public articles (issue 25)', () => {
  for (const title of ['Geology', 'Immune_system', 'Southern_California']) {
    test(`${title}: every front is a question about a term its back and its cited passage hold`, ({ assert }) => {
      const passages = articlePassages(title).slice(0, 12)
      const cards = buildFlashcards(passages, 20)
      assert.isAbove(cards.length, 0)
      for (const card of cards) {
        assert.match(card.front, /^(What|Where|Who|When|Which|How) [^?]+\?$/, card.front)
        assert.notMatch(card.front, /say about|text say/i, card.front)
        const passage = passages.find((p) => p.chunk_index === card.citation!.chunk_index)!
        const term = words(card.front).filter((w) => !QUESTION_WORDS.has(w))
        assert.isAbove(term.length, 0, card.front)
        const backKeys = new Set(words(card.back).map(stem))
        const passageKeys = new Set(words(passage.text).map(stem))
        // The asked term (the front's words but its verb) is in the back and in the cited passage.
        const held = term.filter((w) => backKeys.has(stem(w)) && passageKeys.has(stem(w)))
        assert.isAtLeast(held.length, Math.max(1, term.length - 1), `${card.front} → ${card.back}`)
      }
    })
  }

  for (const title of ['Packet_switching', 'Immune_system', 'Southern_California']) {
    test(`${title}: fronts agree in number, ask about a noun phrase, and abbreviations spell their expansion`, ({
      assert,
    }) => {
      const passages = articlePassages(title)
      const cards = buildFlashcards(passages, 20)
      assert.isAtLeast(cards.length, 3)
      for (const card of cards) {
        const citation = passages.find((p) => p.chunk_index === card.citation!.chunk_index)!
        assert.include(citation.text, card.back.replace(/\.$/, ''), card.front)
        const abbreviation = /^What does (\p{Lu}{2,6}) stand for\?$/u.exec(card.front)
        if (abbreviation) {
          // "State of Michigan and the National Science Foundation" does not spell NSF.
          const initials = card.back
            .split(/\s+/)
            .filter((w) => /^\p{Lu}/u.test(w))
            .map((w) => w[0])
            .join('')
          assert.equal(initials, abbreviation[1], `${card.front} → ${card.back}`)
          continue
        }
        const definition = /^What (is|are) (?:(?:a|an|the) )?(.+)\?$/.exec(card.front)
        if (!definition) continue
        const term = definition[2]
        const parts = term.split(' ')
        // No function word opens the term ("What is inside?"), and it is not a relation ("North of …").
        assert.isFalse(isStopword(parts[0]), card.front)
        assert.isTrue(
          parts.some((w) => w.length >= 3 && !isStopword(w)),
          card.front
        )
        // Number agreement on the head noun: the word before "of", else the last word.
        const head = (parts.includes('of') ? parts.slice(0, parts.indexOf('of')) : parts).at(-1)!
        const token = analyzeText(card.back).tokens.find((t) => t.lower === head.toLowerCase())
        const plural = parts.includes('and') || (!!token && token.lemma !== token.lower && /s$/.test(token.lower))
        if (definition[1] === 'is')
          assert.isFalse(plural && !/(ics|is|ss|us)$/.test(head), `${card.front}: "is" with a plural`)
        else assert.isTrue(plural || /s$/.test(head), `${card.front}: "are" with a singular`)
        // Adverbs and verbs are not part of a term ("variously combustion chamber").
        const tags = analyzeText(card.back)
          .tokens.filter((t) => parts.map((p) => p.toLowerCase()).includes(t.lower))
          .map((t) => t.pos)
        assert.notInclude(tags, 'ADV', card.front)
      }
    })
  }

  test('fewer cards than asked when the text holds fewer terms, never filler', ({ assert }) => {
    const passages = [
      {
        document_id: '1',
        document_title: 'Short',
        chunk_index: 0,
        text: 'Chlorophyll absorbs light in the blue and red wavelengths. Leaves look green because of chlorophyll. It was a sunny day and we walked home.',
        vectors: null,
      },
    ]
    const cards = buildFlashcards(passages, 10)
    assert.isAtMost(cards.length, 2)
    assert.deepEqual(
      cards.map((c) => c.front),
      ['What does chlorophyll absorb?']
    )
  })

  test('number agreement and verb forms of subject questions', ({ assert }) => {
    assert.equal(
      subjectQuestion('Mitochondria produce ATP through oxidative phosphorylation.', 'Mitochondria', () => false),
      'What do mitochondria produce?'
    )
    assert.equal(
      subjectQuestion('Augustus became the first Roman emperor in 27 BC.', 'Augustus'),
      'What did Augustus become?'
    )
    assert.equal(
      subjectQuestion('The Calvin cycle takes place in the stroma.', 'Calvin cycle'),
      'Where does the Calvin cycle take place?'
    )
    assert.isNull(subjectQuestion('Immunodeficiency occurs when the immune system is less active.', 'Immunodeficiency'))
  })
})
