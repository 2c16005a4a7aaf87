import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import {
  aiGroup,
  countRows,
  creditsUsed,
  ownedDocument,
  runTool,
  spyOnEngine,
  userWithDocument,
} from '#tests/support/ai'

test.group('AI tools: requests nobody on the project wrote (docs/rules/ai.md#credits)', (group) => {
  aiGroup(group)

  test('an Idempotency-Key reused with another body or tool is 409, never the other answer', async ({
    client,
    assert,
  }) => {
    const { user, doc } = await userWithDocument()
    const other = await ownedDocument(user.id)
    const first = await runTool(client, user, 'flashcards', { documentId: doc.id, count: 3 }).header(
      'Idempotency-Key',
      'k-1'
    )
    first.assertStatus(201)
    const used = await creditsUsed(user.id)
    for (const [tool, body] of [
      ['flashcards', { documentId: doc.id, count: 7 }],
      ['flashcards', { documentId: other.id, count: 3 }],
      ['summary', { documentId: doc.id }],
      ['qa', { documentId: doc.id, user_query: 'What is chlorophyll?' }],
    ] as const) {
      const response = await runTool(client, user, tool, body).header('Idempotency-Key', 'k-1')
      assertErrorBody(assert, response, 409, 'CONFLICT')
    }
    // The same request in another spelling ("3" is the number 3) is still the same request.
    const again = await runTool(client, user, 'flashcards', { count: '3', documentId: doc.id }).header(
      'Idempotency-Key',
      'k-1'
    )
    again.assertStatus(201)
    assert.deepEqual(again.body(), first.body())
    assert.equal(await creditsUsed(user.id), used)
    assert.equal(await countRows('ai_flashcard_sets', { user_id: user.id }), 1)
    assert.equal(await countRows('ai_summaries', { user_id: user.id }), 0)
  })

  test('a question or course topic of invisible characters only is empty: 400, no model call, no charge', async ({
    client,
    assert,
  }) => {
    const { user, doc } = await userWithDocument()
    const spy = spyOnEngine()
    const used = await creditsUsed(user.id)
    for (const invisible of ['\u200b', ' \u200b\u200b ', '\u2060\u200d\ufeff', '\u0301\u0301']) {
      const qa = await runTool(client, user, 'qa', { documentId: doc.id, user_query: invisible })
      assertErrorBody(assert, qa, 400, 'BAD_REQUEST')
      const course = await api(client, user).post('/api/generated-courses', {
        topic: invisible,
        document_ids: [doc.id],
      })
      assertErrorBody(assert, course, 400, 'BAD_REQUEST')
    }
    assert.deepEqual(spy.calls, [])
    assert.equal(await creditsUsed(user.id), used)
    assert.equal(await countRows('generated_courses', { user_id: user.id }), 0)
  })
})
