import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'
import { chunkText } from '#services/documents/chunker'
import { normalizeText, splitSentences } from '#services/ai/nlp'
import { extractText } from '#services/documents/text_extractor'
import { ingestBuffer } from '#services/documents/ingest'
import { BIOLOGY_TEXT, HISTORY_TEXT, buildDocx, buildPdf } from '#tests/support/ai_fixtures'
import { passagesOf } from '#tests/support/ai_passages'

const source = normalizeText(BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT)
const passages = [...passagesOf(BIOLOGY_TEXT, '1', 'Biology'), ...passagesOf(HISTORY_TEXT, '2', 'Biology')]
const sourceSentences = new Set(splitSentences(source))
const engine = new LocalEngine()

test.group('Local engine grounding (issue 8: every answer comes from the source)', () => {
  test('chunks are ordered, 1,500 chars at most, and end on sentence boundaries', ({ assert }) => {
    const long = normalizeText(Array.from({ length: 12 }, () => BIOLOGY_TEXT).join('\n\n'))
    const chunks = chunkText(long)
    assert.isAbove(chunks.length, 5)
    for (const chunk of chunks) {
      assert.isAtMost(chunk.length, 1500)
      assert.match(chunk, /[.!?]$/)
    }
    assert.isAtLeast(chunks[0].length, 1000)
  })

  test('every summary sentence and key point appears in the source', async ({ assert }) => {
    const result = await engine.summarize(passages)
    assert.isNotEmpty(result.summary)
    for (const sentence of splitSentences(result.summary)) assert.isTrue(sourceSentences.has(sentence), sentence)
    assert.isNotEmpty(result.key_points)
    for (const point of result.key_points) assert.include(source, point)
    assert.isNotEmpty(result.citations)
  })

  test('flashcard backs are at most two sentences; fronts ask, never cloze', async ({ assert }) => {
    const result = await engine.flashcards(passages, { count: 8 })
    assert.lengthOf(result.cards, 8)
    for (const card of result.cards) {
      const sentences = splitSentences(card.back)
      assert.isAtMost(sentences.length, 2)
      for (const sentence of sentences) assert.isTrue(sourceSentences.has(sentence), sentence)
      assert.match(card.front, /^(What|Where) [^?]+\?$/)
      assert.notInclude(card.front, '_____')
    }
    assert.equal(new Set(result.cards.map((c) => c.back)).size, result.cards.length)
  })

  test('QA answers are source sentences ranked for the question', async ({ assert }) => {
    const result = await engine.answer(passages, { query: 'Where does the Calvin cycle take place?' })
    for (const sentence of splitSentences(result.answer)) assert.isTrue(sourceSentences.has(sentence), sentence)
    assert.include(result.answer, 'stroma')
  })

  test('study guide sections come from topic clusters of source sentences', async ({ assert }) => {
    const result = await engine.studyGuide(passages)
    assert.isAtLeast(result.sections.length, 2)
    for (const section of result.sections) {
      for (const sentence of splitSentences(section.content)) assert.isTrue(sourceSentences.has(sentence), sentence)
      assert.isNotEmpty(section.citations)
    }
  })

  test('trivia answers come from the source; distractors are distinct and absent', async ({ assert }) => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      const result = await engine.trivia(passages, { count: 5, difficulty, focusTopic: null, seed: 42 })
      assert.lengthOf(result.questions, 5)
      for (const q of result.questions) {
        const answer = q.options[q.correctIndex]
        const sentence = q.explanation.replace(/^The source says: "/, '').replace(/"$/, '')
        assert.isTrue(sourceSentences.has(sentence))
        assert.include(sentence, answer)
        assert.equal(q.question, `Which term completes this statement? "${sentence.replace(answer, '_____')}"`)
        assert.equal(new Set(q.options.map((o) => o.toLowerCase())).size, q.options.length)
        assert.isAtLeast(q.options.length, 2)
        q.options.forEach((o, i) => {
          if (i !== q.correctIndex) assert.isFalse(new RegExp(`\\b${o}\\b`, 'i').test(sentence), `${o} in ${sentence}`)
        })
      }
    }
  })

  test('focusTopic brings questions on that topic first', async ({ assert }) => {
    const result = await engine.trivia(passages, {
      count: 2,
      difficulty: 'medium',
      focusTopic: 'Roman emperor',
      seed: 1,
    })
    assert.match(result.questions[0].explanation, /Roman|emperor/i)
  })
})

test.group('Text extraction (CONTRACT 5)', () => {
  test('extracts a hand-written PDF with its page count', async ({ assert }) => {
    const result = await extractText('pdf', buildPdf([BIOLOGY_TEXT, HISTORY_TEXT]))
    assert.equal(result.pageCount, 2)
    assert.include(normalizeText(result.text), 'Photosynthesis is the process')
    assert.include(normalizeText(result.text), 'Roman Republic')
  })

  test('extracts a docx with mammoth', async ({ assert }) => {
    const result = await extractText('docx', buildDocx(BIOLOGY_TEXT))
    assert.include(result.text, 'Chlorophyll is the green pigment')
  })

  test('markdown syntax is dropped; a binary "txt" and a fake pdf are refused', async ({ assert }) => {
    const md = await extractText('md', Buffer.from('# Cells\n\nA **cell** is the [basic unit](http://x) of life.'))
    assert.include(normalizeText(md.text), 'A cell is the basic unit of life.')
    await assert.rejects(() => extractText('txt', Buffer.from([0, 1, 2, 3])))
    await assert.rejects(() => extractText('pdf', Buffer.from('not a pdf at all')))
    await assert.rejects(() => ingestBuffer('txt', Buffer.from('   \n\n  ')))
  })
})
