import { test } from '@japa/runner'
import { startTrivia } from '#tests/support/study'
import { api, assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { createCourse } from '#tests/support/catalog'
import {
  aiGroup,
  aiUser,
  BIOLOGY_TEXT,
  countRows,
  exportSet,
  HISTORY_TEXT,
  ownedDocument,
  runTool,
  spyOnEngine,
  userWithDocument,
} from '#tests/support/ai'
import { normalizeText, splitSentences } from '#services/ai/nlp'
import { urlFor } from '@adonisjs/core/services/url_builder'

const source = normalizeText(BIOLOGY_TEXT)

test.group('AI tools: results (SPEC A, CONTRACT 6)', (group) => {
  aiGroup(group)

  test('summary by documentId → 201 with grounded summary, key_points and scope', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const response = await runTool(client, user, 'summary', { documentId: String(doc.id) })
    response.assertStatus(201)
    const body = response.body()
    assert.isString(body.id)
    assert.deepEqual(body.scope, { document_ids: [String(doc.id)], course_id: null })
    assert.isNotEmpty(body.summary)
    for (const sentence of splitSentences(body.summary)) assert.include(source, sentence)
    assert.isArray(body.key_points)
    assert.isNotEmpty(body.key_points)
    assert.match(body.created_at, /Z$/)
    assert.isNotEmpty(body.citations)
    assert.equal(await countRows('ai_summaries', { user_id: user.id }), 1)
    assert.equal(response.header('ratelimit-limit'), '20')
    assert.equal(response.header('ratelimit-remaining'), '19')
    assert.exists(response.header('ratelimit-reset'))

    const list = await client.get(urlFor('api.ai.summaries.byDocument', { documentId: doc.id })).loginAs(user)
    list.assertStatus(200)
    assert.lengthOf(list.body().data, 1)
    assert.equal(list.body().data[0].id, body.id)
  })

  test('flashcards over a scope → 201 {id,title,scope,cards}; GET, by document, export', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const response = await runTool(client, user, 'flashcards', { scope: { document_ids: [doc.id] }, count: 4 })
    response.assertStatus(201)
    const body = response.body()
    assert.lengthOf(body.cards, 4)
    for (const card of body.cards) {
      assert.isString(card.id)
      assert.include(source, card.back)
      assert.isNotEmpty(card.front)
    }
    assert.equal(await countRows('ai_flashcards'), 4)

    const show = await client.get(urlFor('api.ai.flashcards.show', { setId: body.id })).loginAs(user)
    show.assertStatus(200)
    assert.deepEqual(
      show.body().cards.map((c: any) => c.id),
      body.cards.map((c: any) => c.id)
    )
    const byDoc = await client.get(urlFor('api.ai.flashcards.byDocument', { documentId: doc.id })).loginAs(user)
    assert.lengthOf(byDoc.body().data, 1)

    const csv = await exportSet(client, user, body.id, 'csv')
    csv.assertStatus(200)
    assert.include(csv.header('content-type'), 'text/csv')
    const lines = csv.text().trim().split('\r\n')
    assert.equal(lines[0], 'front,back')
    assert.lengthOf(lines, 5)
    assert.equal(lines[1], `"${body.cards[0].front.replace(/"/g, '""')}","${body.cards[0].back.replace(/"/g, '""')}"`)
    const anki = await exportSet(client, user, body.id, 'anki')
    anki.assertStatus(200)
    assert.include(anki.text(), '#separator:tab')
    assert.include(anki.text(), `${body.cards[0].front}\t${body.cards[0].back}`)
    const bad = await exportSet(client, user, body.id, 'pdf')
    bad.assertStatus(400)
  })

  test('qa → 200 {answer, sources} from the best passages, nothing persisted', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument(
      BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT + '\n\n' + BIOLOGY_TEXT.replace(/Photosynthesis/g, 'Photosynthesis (again)')
    )
    const response = await runTool(client, user, 'qa', {
      scope: { document_ids: [String(doc.id)] },
      user_query: 'Who became the first Roman emperor?',
    })
    response.assertStatus(200)
    const body = response.body()
    assert.include(body.answer, 'Augustus')
    assert.isAbove(body.sources.length, 0)
    const first = body.sources[0]
    assert.deepEqual(Object.keys(first).sort(), ['chunk_index', 'document_id', 'score', 'snippet'])
    assert.equal(first.document_id, String(doc.id))
    assert.isAbove(first.score, 0)
    assert.notProperty(body, 'id')
  })

  test('qa without user_query (or blank) → 400 and no model call (SPEC A rule 1)', async ({ client, assert }) => {
    const spy = spyOnEngine()
    const { user, doc } = await userWithDocument()
    const missing = await runTool(client, user, 'qa', { scope: { document_ids: [doc.id] } })
    assertErrorBody(assert, missing, 400, 'BAD_REQUEST')
    const blank = await runTool(client, user, 'qa', { scope: { document_ids: [doc.id] }, user_query: '   ' })
    blank.assertStatus(400)
    assert.deepEqual(spy.calls, [])
  })

  test('study-guide over a course → 201, ordered sections; GET guide and by document', async ({ client, assert }) => {
    const user = await aiUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' } as any)
    const doc = await ownedDocument(user.id, BIOLOGY_TEXT, { courseId: course.id })
    const response = await runTool(client, user, 'study-guide', { scope: { course_id: String(course.id) } })
    response.assertStatus(201)
    const body = response.body()
    assert.deepEqual(body.scope, { document_ids: [String(doc.id)], course_id: String(course.id) })
    assert.isAtLeast(body.sections.length, 1)
    body.sections.forEach((s: any, i: number) => {
      assert.equal(s.order, i)
      assert.isString(s.id)
      assert.isNotEmpty(s.heading)
      assert.isNotEmpty(s.content)
    })
    const show = await client.get(urlFor('api.ai.studyGuides.show', { guideId: body.id })).loginAs(user)
    show.assertStatus(200)
    assert.equal(show.body().sections.length, body.sections.length)
    const byDoc = await client.get(urlFor('api.ai.studyGuides.byDocument', { documentId: doc.id })).loginAs(user)
    assert.lengthOf(byDoc.body().data, 1)
  })

  test('trivia-game → 201 and GET hide answers; submit scores with explanations', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const response = await runTool(client, user, 'trivia-game', {
      documentId: doc.id,
      questionCount: 3,
      difficulty: 'hard',
      focusTopic: 'chlorophyll',
    })
    response.assertStatus(201)
    const body = response.body()
    assert.equal(body.difficulty, 'hard')
    assert.lengthOf(body.questions, 3)
    const raw = JSON.stringify(body)
    assert.notInclude(raw, 'correctIndex')
    assert.notInclude(raw, 'correct_index')
    assert.notInclude(raw, 'explanation')
    body.questions.forEach((q: any, i: number) => {
      assert.deepEqual(Object.keys(q).sort(), ['index', 'options', 'question'])
      assert.equal(q.index, i)
    })

    const show = await client.get(urlFor('api.ai.trivia.show', { sessionId: body.id })).loginAs(user)
    show.assertStatus(200)
    assert.notInclude(JSON.stringify(show.body()), 'correctIndex')
    assert.notInclude(JSON.stringify(show.body()), 'explanation')

    const session = await db.from('ai_game_sessions').where('id', body.id).first()
    const stored = JSON.parse(session.questions)
    const answers = stored.map((q: any, i: number) =>
      i === 0 ? (q.correctIndex + 1) % q.options.length : q.correctIndex
    )
    const submit = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: body.id }), { answers })
    submit.assertStatus(200)
    const result = submit.body()
    assert.isString(result.attempt_id)
    assert.equal(result.total, 3)
    assert.equal(result.score, 2)
    assert.isFalse(result.results[0].correct)
    assert.equal(result.results[0].correct_index, stored[0].correctIndex)
    assert.equal(result.results[0].selected, answers[0])
    assert.isNotEmpty(result.results[0].explanation)
    assert.equal(await countRows('ai_game_attempts', { session_id: body.id }), 1)
  })

  test('submit with a wrong number of answers, or one naming no option → 400 and no attempt row (SPEC A rule 5)', async ({
    client,
    assert,
  }) => {
    const { user, sessionId: id } = await startTrivia(client)
    for (const answers of [[0], [0, 1, 2, 3], []]) {
      const response = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: id }), { answers })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    }
    // An answer naming no option of its question (each has 4; -1 skips one).
    for (const answers of [
      [0, 9, 0],
      [4, 0, 0],
      [0, 0, 1e9],
    ]) {
      const response = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: id }), { answers })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    }
    const notArray = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: id }), { answers: 'a' })
    notArray.assertStatus(400)
    assert.equal(await countRows('ai_game_attempts', { session_id: id }), 0)
  })
})

test.group('AI tools: the AI throttle (SPEC A rule 8; CONTRACT 4)', (group) => {
  aiGroup(group)

  test('the 21st AI request in an hour → 429 with Retry-After; other users unaffected', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    for (let i = 0; i < 20; i++) {
      const response = await client.get(urlFor('api.ai.summaries.byDocument', { documentId: doc.id })).loginAs(user)
      response.assertStatus(200)
      assert.equal(response.header('ratelimit-remaining'), String(19 - i))
    }
    const limited = await runTool(client, user, 'summary', { documentId: 1 })
    assertErrorBody(assert, limited, 429, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(limited.header('retry-after')), 0)
    assert.equal(limited.header('ratelimit-remaining'), '0')
    const { user: other, doc: otherDoc } = await userWithDocument()
    const otherList = await client
      .get(urlFor('api.ai.summaries.byDocument', { documentId: otherDoc.id }))
      .loginAs(other)
    otherList.assertStatus(200)
  })

  test('the throttle runs before validation: a 429 even for an invalid body (CONTRACT 4 order)', async ({ client }) => {
    const { user, doc } = await userWithDocument()
    for (let i = 0; i < 20; i++)
      await client.get(urlFor('api.ai.summaries.byDocument', { documentId: doc.id })).loginAs(user)
    const response = await runTool(client, user, 'qa', {})
    response.assertStatus(429)
  })
})
