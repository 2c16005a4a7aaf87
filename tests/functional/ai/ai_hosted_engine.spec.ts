import { test } from '@japa/runner'
import { assertErrorBody } from '#tests/support/http'
import { HostedEngine } from '#services/ai/hosted_engine'
import {
  aiGroup,
  countRows,
  creditsUsed,
  mockModel,
  runTool,
  useEngine,
  userWithDocument,
  AI_RESULT_TABLES,
} from '#tests/support/ai'

test.group('Hosted engine through the ai SDK mock model (SPEC A rule 4)', (group) => {
  aiGroup(group)

  test('a valid structured answer is persisted with its citations', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const model = mockModel(
      JSON.stringify({
        summary: 'Plants turn light into sugar.',
        key_points: ['Chlorophyll absorbs light.'],
        citations: [`D${doc.id}:C0`, 'D999:C9'],
      })
    )
    useEngine(new HostedEngine(model, 'openai'))
    const response = await runTool(client, user, 'summary', { documentId: doc.id })
    response.assertStatus(201)
    assert.equal(response.body().summary, 'Plants turn light into sugar.')
    assert.deepEqual(response.body().citations, [{ document_id: String(doc.id), chunk_index: 0 }])
    assert.lengthOf(model.doGenerateCalls, 1)
    assert.equal(model.doGenerateCalls[0].responseFormat?.type, 'json')
  })

  test('malformed JSON → 500 with a safe message, nothing persisted, no credit used', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const before = await creditsUsed(user.id)
    for (const [tool, body, answer] of [
      ['summary', { documentId: doc.id }, '{"summary": "unterminated'],
      ['flashcards', { documentId: doc.id }, JSON.stringify({ title: 'x', cards: [] })],
      ['study-guide', { documentId: doc.id }, JSON.stringify({ title: 'x', sections: 'nope' })],
      [
        'trivia-game',
        { documentId: doc.id },
        JSON.stringify({ questions: [{ question: 'q', options: ['a', 'a'], correctIndex: 0, explanation: 'e' }] }),
      ],
      ['qa', { documentId: doc.id, user_query: 'What does chlorophyll absorb?' }, 'I am not JSON at all'],
    ] as const) {
      useEngine(new HostedEngine(mockModel(answer), 'openai'))
      const response = await runTool(client, user, tool, body)
      assertErrorBody(assert, response, 500, 'INTERNAL_SERVER_ERROR')
      assert.notInclude(response.body().message, 'unterminated')
      assert.notInclude(JSON.stringify(response.body()), 'stack')
    }
    for (const table of AI_RESULT_TABLES) assert.equal(await countRows(table), 0, table)
    assert.equal(await creditsUsed(user.id), before)
  })
})
