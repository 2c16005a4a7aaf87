import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { createCourse, createDocument } from '#tests/support/catalog'
import {
  aiGroup,
  aiUser,
  BIOLOGY_TEXT,
  countRows,
  creditsUsed,
  exportSet,
  HISTORY_TEXT,
  ownedDocument,
  runTool,
  spyOnEngine,
  userWithDocument,
} from '#tests/support/ai'
import { setFlag } from '#tests/support/flags'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('AI tools: rules and guards (SPEC A rules 2, 3, 6, 8; CONTRACT 4, 12)', (group) => {
  aiGroup(group)

  test('unknown toolId → 404', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const response = await runTool(client, user, 'poem', { documentId: doc.id })
    assertErrorBody(assert, response, 404, 'NOT_FOUND')
  })

  test('no scope at all → 400 and no model call', async ({ client, assert }) => {
    const spy = spyOnEngine()
    const user = await aiUser()
    for (const body of [{}, { scope: {} }, { scope: { document_ids: [] } }]) {
      const response = await runTool(client, user, 'summary', body)
      response.assertStatus(400)
    }
    for (const [tool, body] of [
      ['flashcards', { documentId: 'abc' }],
      ['flashcards', { documentId: 1, count: 51 }],
      ['trivia-game', { documentId: 1, difficulty: 'insane' }],
    ] as const) {
      const response = await runTool(client, user, tool, body)
      response.assertStatus(400)
    }
    assert.deepEqual(spy.calls, [])
  })

  test('foreign document or course → 403; nothing persisted; no model call', async ({ client, assert }) => {
    const spy = spyOnEngine()
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
      const response = await runTool(client, user, tool, body)
      assertErrorBody(assert, response, 403, 'FORBIDDEN')
    }
    const listing = await client.get(urlFor('api.ai.summaries.byDocument', { documentId: foreign.id })).loginAs(user)
    listing.assertStatus(403)
    assert.deepEqual(spy.calls, [])
    assert.equal(await countRows('ai_summaries'), 0)
  })

  test("someone else's public free document or public course is foreign too: 403 (SPEC A rule 2)", async ({
    client,
    assert,
  }) => {
    const { doc, user: owner } = await userWithDocument(BIOLOGY_TEXT, { visibility: 'public', accessLevel: 'free' })
    const course = await createCourse({ ownerId: owner.id })
    await db.from('documents').where('id', doc.id).update({ course_id: course.id })
    const user = await aiUser()
    for (const body of [{ documentId: doc.id }, { scope: { course_id: course.id } }]) {
      const response = await runTool(client, user, 'summary', body)
      assertErrorBody(assert, response, 403, 'FORBIDDEN')
    }
    assert.equal(await countRows('ai_summaries'), 0)
  })

  test("by-document lists hold the caller's results whose scope names the document", async ({ client, assert }) => {
    const user = await aiUser()
    const a = await ownedDocument(user.id)
    const b = await ownedDocument(user.id, HISTORY_TEXT, { title: 'History notes' })
    const run = async (tool: string, scope: unknown, extra: Record<string, unknown> = {}) => {
      const response = await runTool(client, user, tool, { scope, ...extra })
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
    const { user: owner, doc } = await userWithDocument()
    const other = await aiUser()
    const set = (await runTool(client, owner, 'flashcards', { documentId: doc.id, count: 2 })).body()
    const guide = (await runTool(client, owner, 'study-guide', { documentId: doc.id })).body()
    const game = (await runTool(client, owner, 'trivia-game', { documentId: doc.id, questionCount: 2 })).body()
    ;(await client.get(urlFor('api.ai.flashcards.show', { setId: set.id })).loginAs(other)).assertStatus(404)
    ;(await exportSet(client, other, set.id)).assertStatus(404)
    ;(await client.get(urlFor('api.ai.studyGuides.show', { guideId: guide.id })).loginAs(other)).assertStatus(404)
    ;(await client.get(urlFor('api.ai.trivia.show', { sessionId: game.id })).loginAs(other)).assertStatus(404)
    ;(
      await api(client, other).post(urlFor('api.ai.trivia.submit', { sessionId: game.id }), { answers: [0, 0] })
    ).assertStatus(404)
  })

  test('no content → 422: a document without chunks, a course without documents', async ({ client, assert }) => {
    const spy = spyOnEngine()
    const user = await aiUser()
    const empty = await createDocument({ ownerId: user.id, visibility: 'private' } as any, [])
    const emptyCourse = await createCourse({ ownerId: user.id, visibility: 'private' } as any)
    const a = await runTool(client, user, 'summary', { documentId: empty.id })
    assertErrorBody(assert, a, 422, 'UNPROCESSABLE_ENTITY')
    const b = await runTool(client, user, 'study-guide', { scope: { course_id: emptyCourse.id } })
    b.assertStatus(422)
    const c = await runTool(client, user, 'qa', { scope: { document_ids: [empty.id] }, user_query: 'What?' })
    c.assertStatus(422)
    assert.deepEqual(spy.calls, [])
  })

  test('MAX_TOTAL_CHARACTERS caps the text given to the model (SPEC A rule 6)', async ({ assert }) => {
    const { resolveScope, maxTotalCharacters } = await import('#services/ai/scope_resolver')
    const { user, doc } = await userWithDocument(Array.from({ length: 120 }, () => BIOLOGY_TEXT).join('\n\n'))
    const { passages } = await resolveScope(user.id, { documentId: doc.id })
    const total = passages.reduce((s, p) => s + p.text.length, 0)
    assert.equal(maxTotalCharacters(), 60000)
    assert.isAtMost(total, 60000)
    assert.isAbove(total, 59000)
  })

  test('anonymous → 401; free → 403 upgrade_url; unverified → 403; flag off → 403', async ({ client, assert }) => {
    const anonymous = await runTool(client, undefined, 'summary', { documentId: 1 })
    anonymous.assertStatus(401)
    const { user: free, doc } = await userWithDocument(BIOLOGY_TEXT, {}, { plan: 'free' })
    const freeResponse = await runTool(client, free, 'summary', { documentId: doc.id })
    freeResponse.assertStatus(403)
    assert.equal(freeResponse.body().upgrade_url, '/pricing')
    const unverified = await aiUser({ verified: false })
    const unverifiedResponse = await runTool(client, unverified, 'summary', { documentId: doc.id })
    assertErrorBody(assert, unverifiedResponse, 403, 'EMAIL_NOT_VERIFIED')
    const pro = await aiUser()
    await setFlag('enable_ai_tools', false)
    const flagOff = await runTool(client, pro, 'summary', { documentId: doc.id })
    flagOff.assertStatus(403)
    assert.equal(flagOff.body().message, "Feature 'enable_ai_tools' is currently disabled")
    await setFlag('enable_ai_tools', true)
  })

  test('one credit per successful generation; a failed or empty one costs nothing', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const before = await creditsUsed(user.id)
    ;(await runTool(client, user, 'summary', { documentId: doc.id })).assertStatus(201)
    ;(await runTool(client, user, 'qa', { documentId: doc.id, user_query: 'What is chlorophyll?' })).assertStatus(200)
    assert.equal(await creditsUsed(user.id), before + 2)
    ;(await runTool(client, user, 'qa', { documentId: doc.id })).assertStatus(400)
    const empty = await createDocument({ ownerId: user.id } as any, [])
    ;(await runTool(client, user, 'summary', { documentId: empty.id })).assertStatus(422)
    const tiny = await ownedDocument(user.id, 'Short note.')
    ;(await runTool(client, user, 'trivia-game', { documentId: tiny.id })).assertStatus(422)
    assert.equal(await creditsUsed(user.id), before + 2)
  })

  test('credits exhausted → 403 CREDITS_EXHAUSTED before the model call', async ({ client, assert }) => {
    const spy = spyOnEngine()
    const { user, doc } = await userWithDocument()
    ;(await runTool(client, user, 'summary', { documentId: doc.id })).assertStatus(201)
    await db.from('subscription_usages').where('user_id', user.id).update({ ai_credits_used: 100 })
    spy.calls = []
    const response = await runTool(client, user, 'summary', { documentId: doc.id })
    assertErrorBody(assert, response, 403, 'CREDITS_EXHAUSTED')
    assert.deepEqual(spy.calls, [])
    assert.equal(await countRows('ai_summaries', { user_id: user.id }), 1)
  })

  test('Idempotency-Key: a retry answers the stored result, charges once, one row', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const generate = () =>
      runTool(client, user, 'flashcards', { documentId: doc.id, count: 3 }).header('Idempotency-Key', 'abc-123')
    const first = await generate()
    first.assertStatus(201)
    const used = await creditsUsed(user.id)
    const second = await generate()
    second.assertStatus(201)
    assert.deepEqual(second.body(), first.body())
    assert.equal(second.header('idempotent-replayed'), 'true')
    assert.equal(await creditsUsed(user.id), used)
    assert.equal(await countRows('ai_flashcard_sets', { user_id: user.id }), 1)
  })
})
