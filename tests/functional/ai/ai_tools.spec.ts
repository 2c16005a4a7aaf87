import { test } from '@japa/runner'
import { startTrivia } from '#tests/support/study'
import { api } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createCourse, createDocument } from '#tests/support/catalog'
import {
  BIOLOGY_TEXT,
  HISTORY_TEXT,
  SpyEngine,
  aiUser,
  countRows,
  ownedDocument,
  resetAiLimiter,
  useEngine,
} from '#tests/support/ai'
import { normalizeText, splitSentences } from '#services/ai/nlp'
import { setFlag } from '#tests/support/flags'
import { urlFor } from '@adonisjs/core/services/url_builder'

const source = normalizeText(BIOLOGY_TEXT)

test.group('AI tools: results (SPEC A, CONTRACT 6)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await resetAiLimiter()
    useEngine(null)
  })

  test('summary by documentId → 201 with grounded summary, key_points and scope', async ({ client, assert }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      documentId: String(doc.id),
    })
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

  test('flashcards with count over a scope → 201 {id,title,scope,cards}; GET set and by document; export csv and anki', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
      scope: { document_ids: [doc.id] },
      count: 4,
    })
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

    const csv = await client
      .get(urlFor('api.ai.flashcards.export', { setId: body.id }, { qs: { format: 'csv' } }))
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.header('content-type'), 'text/csv')
    const lines = csv.text().trim().split('\r\n')
    assert.equal(lines[0], 'front,back')
    assert.lengthOf(lines, 5)
    assert.equal(lines[1], `"${body.cards[0].front.replace(/"/g, '""')}","${body.cards[0].back.replace(/"/g, '""')}"`)
    const anki = await client
      .get(urlFor('api.ai.flashcards.export', { setId: body.id }, { qs: { format: 'anki' } }))
      .loginAs(user)
    anki.assertStatus(200)
    assert.include(anki.text(), '#separator:tab')
    assert.include(anki.text(), `${body.cards[0].front}\t${body.cards[0].back}`)
    const bad = await client
      .get(urlFor('api.ai.flashcards.export', { setId: body.id }, { qs: { format: 'pdf' } }))
      .loginAs(user)
    bad.assertStatus(400)
  })

  test('qa → 200 {answer, sources} from the best passages, nothing persisted', async ({ client, assert }) => {
    const user = await aiUser()
    const doc = await ownedDocument(
      user.id,
      BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT + '\n\n' + BIOLOGY_TEXT.replace(/Photosynthesis/g, 'Photosynthesis (again)')
    )
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), {
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
    const spy = new SpyEngine()
    useEngine(spy)
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const missing = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), {
      scope: { document_ids: [doc.id] },
    })
    missing.assertStatus(400)
    assert.equal(missing.body().code, 'BAD_REQUEST')
    const blank = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), {
      scope: { document_ids: [doc.id] },
      user_query: '   ',
    })
    blank.assertStatus(400)
    assert.deepEqual(spy.calls, [])
  })

  test('study-guide over a course scope → 201 with ≥1 ordered sections; GET guide and by document', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' } as any)
    const doc = await ownedDocument(user.id, BIOLOGY_TEXT, { courseId: course.id })
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'study-guide' }), {
      scope: { course_id: String(course.id) },
    })
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

  test('trivia-game → 201 without answers; GET without answers; submit scores with explanations', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'trivia-game' }), {
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

  test('submit with a wrong number of answers → 400 and no attempt row (SPEC A rule 5)', async ({ client, assert }) => {
    const { user, sessionId: id } = await startTrivia(client)
    for (const answers of [[0], [0, 1, 2, 3], []]) {
      const response = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: id }), { answers })
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST')
    }
    const notArray = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: id }), { answers: 'a' })
    notArray.assertStatus(400)
    assert.equal(await countRows('ai_game_attempts', { session_id: id }), 0)
  })
})

test.group('AI tools: rules and guards (SPEC A rules 2, 3, 6, 8; CONTRACT 4, 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await resetAiLimiter()
    useEngine(null)
  })
  group.teardown(() => useEngine(null))

  test('unknown toolId → 404', async ({ client }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'poem' }), {
      documentId: doc.id,
    })
    response.assertStatus(404)
    response.assertBodyContains({ code: 'NOT_FOUND' })
  })

  test('no scope at all → 400 and no model call', async ({ client, assert }) => {
    const spy = new SpyEngine()
    useEngine(spy)
    const user = await aiUser()
    for (const body of [{}, { scope: {} }, { scope: { document_ids: [] } }]) {
      const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), body)
      response.assertStatus(400)
    }
    const invalid = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
      documentId: 'abc',
    })
    invalid.assertStatus(400)
    const badCount = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
      documentId: 1,
      count: 51,
    })
    badCount.assertStatus(400)
    const badDifficulty = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'trivia-game' }), {
      documentId: 1,
      difficulty: 'insane',
    })
    badDifficulty.assertStatus(400)
    assert.deepEqual(spy.calls, [])
  })

  test('foreign document or course → 403; nothing persisted; no model call', async ({ client, assert }) => {
    const spy = new SpyEngine()
    useEngine(spy)
    const owner = await aiUser()
    const user = await aiUser()
    const foreign = await ownedDocument(owner.id)
    const foreignCourse = await createCourse({ ownerId: owner.id, visibility: 'private' } as any)
    const paidPublic = await ownedDocument(owner.id, BIOLOGY_TEXT, { visibility: 'public', accessLevel: 'premium' })
    for (const [tool, body] of [
      ['summary', { documentId: foreign.id }],
      ['flashcards', { scope: { document_ids: [foreign.id] } }],
      ['qa', { scope: { document_ids: [foreign.id] }, user_query: 'What is chlorophyll?' }],
      ['study-guide', { scope: { course_id: foreignCourse.id } }],
      ['trivia-game', { documentId: paidPublic.id }],
    ] as const) {
      const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: tool }), body)
      response.assertStatus(403)
      assert.equal(response.body().code, 'FORBIDDEN')
    }
    const listing = await client.get(urlFor('api.ai.summaries.byDocument', { documentId: foreign.id })).loginAs(user)
    listing.assertStatus(403)
    assert.deepEqual(spy.calls, [])
    assert.equal(await countRows('ai_summaries'), 0)
  })

  test('a public free document of someone else may be used (CONTRACT 13: the caller can read it fully)', async ({
    client,
  }) => {
    const owner = await aiUser()
    const user = await aiUser()
    const doc = await ownedDocument(owner.id, BIOLOGY_TEXT, { visibility: 'public', accessLevel: 'free' })
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      documentId: doc.id,
    })
    response.assertStatus(201)
  })

  test("by-document lists hold exactly the caller's results whose scope names that document", async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const a = await ownedDocument(user.id)
    const b = await ownedDocument(user.id, HISTORY_TEXT, { title: 'History notes' })
    const run = async (tool: string, scope: unknown, extra: Record<string, unknown> = {}) => {
      const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: tool }), { scope, ...extra })
      response.assertStatus(201)
      return response.body().id as string
    }
    const onlyA = await run('summary', { document_ids: [a.id] })
    await run('summary', { document_ids: [b.id] })
    const both = await run('summary', { document_ids: [b.id, a.id] })
    const setA = await run('flashcards', { document_ids: [a.id] }, { count: 2 })
    await run('flashcards', { document_ids: [b.id] }, { count: 2 })
    const guideBoth = await run('study-guide', { document_ids: [a.id, b.id] })
    const ids = async (path: string) => (await client.get(path).loginAs(user)).body().data.map((r: any) => r.id)
    assert.deepEqual(await ids(urlFor('api.ai.summaries.byDocument', { documentId: a.id })), [both, onlyA])
    assert.deepEqual(await ids(urlFor('api.ai.flashcards.byDocument', { documentId: a.id })), [setA])
    assert.deepEqual(await ids(urlFor('api.ai.studyGuides.byDocument', { documentId: a.id })), [guideBoth])
    const sets = (await client.get(urlFor('api.ai.flashcards.byDocument', { documentId: a.id })).loginAs(user)).body()
      .data
    assert.lengthOf(sets[0].cards, 2)
    const other = await aiUser()
    ;(await client.get(urlFor('api.ai.summaries.byDocument', { documentId: a.id })).loginAs(other)).assertStatus(403)
  })

  test('foreign set, guide, session → 404', async ({ client }) => {
    const owner = await aiUser()
    const other = await aiUser()
    const doc = await ownedDocument(owner.id)
    const set = (
      await api(client, owner).post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
        documentId: doc.id,
        count: 2,
      })
    ).body()
    const guide = (
      await api(client, owner).post(urlFor('api.ai.tools.run', { toolId: 'study-guide' }), { documentId: doc.id })
    ).body()
    const game = (
      await api(client, owner).post(urlFor('api.ai.tools.run', { toolId: 'trivia-game' }), {
        documentId: doc.id,
        questionCount: 2,
      })
    ).body()
    ;(await client.get(urlFor('api.ai.flashcards.show', { setId: set.id })).loginAs(other)).assertStatus(404)
    ;(await client.get(urlFor('api.ai.flashcards.export', { setId: set.id })).loginAs(other)).assertStatus(404)
    ;(await client.get(urlFor('api.ai.studyGuides.show', { guideId: guide.id })).loginAs(other)).assertStatus(404)
    ;(await client.get(urlFor('api.ai.trivia.show', { sessionId: game.id })).loginAs(other)).assertStatus(404)
    ;(
      await api(client, other).post(urlFor('api.ai.trivia.submit', { sessionId: game.id }), { answers: [0, 0] })
    ).assertStatus(404)
  })

  test('scope without content → 422: a document without chunks, a course with zero documents (SPEC A rule 3)', async ({
    client,
    assert,
  }) => {
    const spy = new SpyEngine()
    useEngine(spy)
    const user = await aiUser()
    const empty = await createDocument({ ownerId: user.id, visibility: 'private' } as any, [])
    const emptyCourse = await createCourse({ ownerId: user.id, visibility: 'private' } as any)
    const a = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: empty.id })
    a.assertStatus(422)
    assert.equal(a.body().code, 'UNPROCESSABLE_ENTITY')
    const b = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'study-guide' }), {
      scope: { course_id: emptyCourse.id },
    })
    b.assertStatus(422)
    const c = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), {
      scope: { document_ids: [empty.id] },
      user_query: 'What?',
    })
    c.assertStatus(422)
    assert.deepEqual(spy.calls, [])
  })

  test('MAX_TOTAL_CHARACTERS caps the text given to the model (SPEC A rule 6)', async ({ assert }) => {
    const { resolveScope, maxTotalCharacters } = await import('#services/ai/scope_resolver')
    const user = await aiUser()
    const doc = await ownedDocument(user.id, Array.from({ length: 120 }, () => BIOLOGY_TEXT).join('\n\n'))
    const { passages } = await resolveScope(user.id, { documentId: doc.id })
    const total = passages.reduce((s, p) => s + p.text.length, 0)
    assert.equal(maxTotalCharacters(), 60000)
    assert.isAtMost(total, 60000)
    assert.isAbove(total, 59000)
  })

  test('anonymous → 401; free plan → 403 with upgrade_url; unverified → 403 EMAIL_NOT_VERIFIED; flag off → 403', async ({
    client,
    assert,
  }) => {
    const anonymous = await api(client).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: 1 })
    anonymous.assertStatus(401)
    const free = await aiUser({ plan: 'free' })
    const doc = await ownedDocument(free.id)
    const freeResponse = await api(client, free).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      documentId: doc.id,
    })
    freeResponse.assertStatus(403)
    assert.equal(freeResponse.body().upgrade_url, '/pricing')
    const unverified = await aiUser({ verified: false })
    const unverifiedResponse = await api(client, unverified).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      documentId: doc.id,
    })
    unverifiedResponse.assertStatus(403)
    assert.equal(unverifiedResponse.body().code, 'EMAIL_NOT_VERIFIED')
    const pro = await aiUser()
    await setFlag('enable_ai_tools', false)
    const flagOff = await api(client, pro).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      documentId: doc.id,
    })
    flagOff.assertStatus(403)
    assert.equal(flagOff.body().message, "Feature 'enable_ai_tools' is currently disabled")
    await setFlag('enable_ai_tools', true)
  })

  test('AI throttle: the 21st request in an hour → 429 with Retry-After (SPEC A rule 8)', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    for (let i = 0; i < 20; i++) {
      const response = await client.get(urlFor('api.ai.summaries.byDocument', { documentId: doc.id })).loginAs(user)
      response.assertStatus(200)
      assert.equal(response.header('ratelimit-remaining'), String(19 - i))
    }
    const limited = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: 1 })
    limited.assertStatus(429)
    assert.equal(limited.body().code, 'TOO_MANY_REQUESTS')
    assert.isAbove(Number(limited.header('retry-after')), 0)
    assert.equal(limited.header('ratelimit-remaining'), '0')
    const other = await aiUser()
    const otherDoc = await ownedDocument(other.id)
    ;(await client.get(urlFor('api.ai.summaries.byDocument', { documentId: otherDoc.id })).loginAs(other)).assertStatus(
      200
    )
  })

  test('the throttle runs before validation: a 429 even for an invalid body (CONTRACT 4 order)', async ({ client }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    for (let i = 0; i < 20; i++)
      await client.get(urlFor('api.ai.summaries.byDocument', { documentId: doc.id })).loginAs(user)
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), {})
    response.assertStatus(429)
  })

  test('one credit per successful generation; a failed or empty one costs nothing (SPEC A rule 7)', async ({
    client,
    assert,
  }) => {
    const { CreditsService } = await import('#services/billing/credits_service')
    const credits = new CreditsService()
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const before = (await credits.summary(user.id)).used
    ;(
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: doc.id })
    ).assertStatus(201)
    ;(
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), {
        documentId: doc.id,
        user_query: 'What is chlorophyll?',
      })
    ).assertStatus(200)
    assert.equal((await credits.summary(user.id)).used, before + 2)
    ;(await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'qa' }), { documentId: doc.id })).assertStatus(
      400
    )
    const empty = await createDocument({ ownerId: user.id } as any, [])
    ;(
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: empty.id })
    ).assertStatus(422)
    const tiny = await ownedDocument(user.id, 'Short note.')
    ;(
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'trivia-game' }), { documentId: tiny.id })
    ).assertStatus(422)
    assert.equal((await credits.summary(user.id)).used, before + 2)
  })

  test('credits exhausted → 403 CREDITS_EXHAUSTED before the model call', async ({ client, assert }) => {
    const spy = new SpyEngine()
    useEngine(spy)
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    ;(
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: doc.id })
    ).assertStatus(201)
    await db.from('subscription_usages').where('user_id', user.id).update({ ai_credits_used: 100 })
    spy.calls = []
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      documentId: doc.id,
    })
    response.assertStatus(403)
    assert.equal(response.body().code, 'CREDITS_EXHAUSTED')
    assert.deepEqual(spy.calls, [])
    assert.equal(await countRows('ai_summaries', { user_id: user.id }), 1)
  })

  test('Idempotency-Key: a retried generation answers the stored result, charges once, creates one row', async ({
    client,
    assert,
  }) => {
    const { CreditsService } = await import('#services/billing/credits_service')
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const first = await api(client, user)
      .post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), { documentId: doc.id, count: 3 })
      .header('Idempotency-Key', 'abc-123')
    first.assertStatus(201)
    const used = (await new CreditsService().summary(user.id)).used
    const second = await api(client, user)
      .post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), { documentId: doc.id, count: 3 })
      .header('Idempotency-Key', 'abc-123')
    second.assertStatus(201)
    assert.deepEqual(second.body(), first.body())
    assert.equal(second.header('idempotent-replayed'), 'true')
    assert.equal((await new CreditsService().summary(user.id)).used, used)
    assert.equal(await countRows('ai_flashcard_sets', { user_id: user.id }), 1)
  })
})
