import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api, assertErrorBody } from '#tests/support/http'
import { aiGroup, countRows, creditsUsed, runTool, userWithDocument } from '#tests/support/ai'
import { createCourse, createDocument } from '#tests/support/catalog'
import { createUser } from '#tests/support/users'

/**
 * Whole-number body fields (docs/rules/ai.md#tools: `count` 1..50, `questionCount` 1..20; docs/rules/ai.md#trivia:
 * answers are integers; docs/rules/hardening.md#error-body: validation failures are 400) sent as what `Number()`
 * happens to read: an array, a nested array, a boolean, a hex or exponent string. Each was taken as a number
 * (and an AI run charged).
 */
const NOT_NUMBERS = [[3], [[3]], ['3'], true, '0x3', '3e0']

test.group('Hostile input / whole-number fields', (group) => {
  aiGroup(group)

  test('AI count and questionCount that are not numbers are 400, nothing made or charged', async ({
    client,
    assert,
  }) => {
    const { user, doc } = await userWithDocument()
    for (const value of NOT_NUMBERS) {
      for (const [tool, field] of [
        ['flashcards', 'count'],
        ['trivia-game', 'questionCount'],
      ]) {
        const response = await runTool(client, user, tool, { documentId: doc.id, [field]: value })
        assertErrorBody(assert, response, 400, 'BAD_REQUEST')
        assert.equal(response.body().errors[0].field, field, JSON.stringify(value))
      }
    }
    assert.equal(await countRows('ai_flashcard_sets', { user_id: user.id }), 0)
    assert.equal(await countRows('ai_game_sessions', { user_id: user.id }), 0)
    assert.equal(await creditsUsed(user.id), 0)
    // A number, or the string of its digits, still works.
    ;(await runTool(client, user, 'flashcards', { documentId: doc.id, count: ' 3 ' })).assertStatus(201)
  })

  test('trivia answers that are not numbers are 400 and record no attempt', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const game = await runTool(client, user, 'trivia-game', { documentId: doc.id, questionCount: 2 })
    game.assertStatus(201)
    const { id, questions } = game.body()
    const submit = (answers: unknown[]) =>
      api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: id }), { answers })
    for (const value of NOT_NUMBERS) {
      const response = await submit(questions.map(() => value))
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    }
    assert.equal(await countRows('ai_game_attempts', { session_id: id }), 0)
    ;(await submit(questions.map((_: unknown, i: number) => (i === 0 ? '-1' : 0)))).assertStatus(200)
  })

  test('a document course_id that is not a number is 400 and the document stays where it was', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const doc = await createDocument({ ownerId: user.id, visibility: 'private' })
    const move = (courseId: unknown) =>
      api(client, user).patch(urlFor('api.my.documents.update', { id: doc.id }), { course_id: courseId })
    for (const value of [[course.id], [[String(course.id)]], `0x${course.id.toString(16)}`, true]) {
      const response = await move(value)
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      await doc.refresh()
      assert.isNull(doc.courseId, JSON.stringify(value))
    }
    ;(await move(` ${course.id} `)).assertStatus(200)
    await doc.refresh()
    assert.equal(doc.courseId, course.id)
  })
})
