import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import DocumentChunk from '#models/document_chunk'
import {
  aiGroup,
  aiUser,
  BIOLOGY_TEXT,
  countRows,
  resetAiLimiter,
  runTool,
  storedFiles,
  userWithDocument,
} from '#tests/support/ai'

/** Ids past the 32-bit id columns (PostgreSQL `integer`) or not plain digits. */
const BAD_IDS = ['99999999999999', '2147483648', '1e3', '0x10']

test.group('AI API / input edges (CONTRACT 2, 6, 12)', (group) => {
  aiGroup(group)

  test('set, guide, session, generated course and passage ids out of range are 404, never 500', async ({ client }) => {
    const { user, doc: document } = await userWithDocument()
    for (const id of BAD_IDS) {
      await resetAiLimiter() // the AI throttle (20/hour) counts these reads too
      for (const url of [
        `/api/ai/tools/flashcards/sets/${id}`,
        `/api/ai/tools/study-guide/sets/${id}`,
        `/api/ai/tools/trivia-game/${id}`,
        `/api/generated-courses/${id}`,
        `/api/ai/tools/summary/document/${id}`,
        `/api/ai/passages/${id}/0`,
        `/api/ai/passages/${document.id}/${id}`,
      ]) {
        const response = await client.get(url).loginAs(user)
        response.assertStatus(404)
      }
    }
  })

  test('a scope with ids out of range is 400 (validation) or 404, never 500', async ({ client, assert }) => {
    const user = await aiUser()
    for (const body of [
      { documentId: 99999999999999 },
      { documentId: '2147483648' },
      { scope: { document_ids: [2147483648] } },
      { scope: { course_id: '99999999999999' } },
    ]) {
      const response = await runTool(client, user, 'summary', body)
      assert.include([400, 404], response.status(), JSON.stringify(body))
    }
  })

  test('upload: a failing DB transaction leaves no stored file and no rows behind', async ({ client, assert }) => {
    const user = await aiUser()
    const original = DocumentChunk.createMany
    DocumentChunk.createMany = (async () => {
      throw new Error('simulated chunk insert failure')
    }) as any
    try {
      const response = await uploadDocument(client, user, 'notes.txt')
      response.assertStatus(500)
      assert.notInclude(JSON.stringify(response.body()), 'simulated')
    } finally {
      DocumentChunk.createMany = original
    }
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
    assert.lengthOf(await storedFiles(user.id), 0)
  })

  test('upload: a course_id past the id column range is a missing course (400)', async ({ client, assert }) => {
    const user = await aiUser()
    const response = await uploadDocument(client, user, 'notes.txt', BIOLOGY_TEXT, { course_id: '99999999999999' })
    response.assertStatus(400)
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
  })
})
