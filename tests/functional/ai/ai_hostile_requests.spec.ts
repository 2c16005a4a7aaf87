import { test } from '@japa/runner'
import { assertErrorBody } from '#tests/support/http'
import { aiGroup, countRows, creditsUsed, ownedDocument, runTool, userWithDocument } from '#tests/support/ai'

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
})
