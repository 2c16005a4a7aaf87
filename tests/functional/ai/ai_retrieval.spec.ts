import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { embeddingQueue } from '#services/ai/embeddings/embedding_queue'
import { aiGroup, BIOLOGY_TEXT, creditsUsed as used, HISTORY_TEXT, runTool, userWithDocument } from '#tests/support/ai'
import { swapSettings } from '#tests/support/settings'
import { AiSettings } from '#services/ai/ai_settings'

async function ask(client: any, user: any, documentId: number, query: string) {
  const response = await runTool(client, user, 'qa', { documentId, user_query: query })
  response.assertStatus(200)
  return response.body()
}

/** Issue 25: Q&A ranks by meaning once a document's vectors are ready. */
test.group('Q&A retrieval by meaning (issue 25)', (group) => {
  aiGroup(group)
  group.each.setup(() => swapSettings(AiSettings, { embeddingsEnabled: true }))

  // The question is in the student's own words and shares no word with the text.
  test('a question in other words finds its passage once the vectors are ready', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument(BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT)
    // "tiny holes on foliage admit air" ~ "Stomata are small pores on the surface of leaves".
    const question = 'What tiny holes on foliage admit air?'
    const before = await ask(client, user, doc.id, question)
    assert.isFalse(before.found, 'without vectors nothing shares a word with the question')
    // That request queued the document (seeded and test documents start `pending`).
    await embeddingQueue.idle()
    const row = await db.from('documents').where('id', doc.id).first()
    assert.equal(row.embedding_status, 'ready')
    assert.equal(Number(row.embedding_progress), 1)
    const after = await ask(client, user, doc.id, question)
    assert.isTrue(after.found)
    assert.include(after.answer, 'Stomata are small pores')
    const chunk = await db
      .from('document_chunks')
      .where('document_id', doc.id)
      .where('content', 'like', '%Stomata%')
      .first()
    assert.equal(after.sources[0].chunk_index, chunk.chunk_index)
  })

  // Refused even when a sentence of the documents is close in meaning to the question.
  test('a name the documents never mention is refused and charges nothing', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument(BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT)
    embeddingQueue.enqueue(doc.id)
    await embeddingQueue.idle()
    const start = await used(user.id)
    for (const query of [
      'When did Napoleon invade Russia?',
      'Who painted the Mona Lisa?',
      'How many moons does Jupiter have?',
    ]) {
      const body = await ask(client, user, doc.id, query)
      assert.isFalse(body.found, query)
      assert.deepEqual(body.sources, [])
    }
    assert.equal(await used(user.id), start)
    // An answerable one in the same scope still answers, and costs one credit.
    const found = await ask(client, user, doc.id, 'Which ruler seized power by marching his army over a river?')
    assert.isTrue(found.found)
    assert.include(found.answer, 'Rubicon')
    assert.equal(await used(user.id), start + 1)
  })

  test('ingest never blocks: the encoder runs in a worker while the server answers', async ({ client, assert }) => {
    const { doc } = await userWithDocument(
      Array.from({ length: 2 }, () => BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT).join('\n\n')
    )
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    embeddingQueue.enqueue(doc.id)
    let answered = 0
    while (embeddingQueue.has(doc.id)) {
      ;(await client.get(urlFor('api.health.live'))).assertStatus(200)
      answered++
    }
    delay.disable()
    // On the event loop (AI_EMBEDDINGS_INLINE=true) one batch of 32 sentences holds it for
    // seconds, and a single request waits for the whole document.
    assert.isAbove(answered, 3)
    assert.isBelow(delay.max / 1e6, 1500, `event loop held for ${(delay.max / 1e6).toFixed(0)} ms`)
    assert.equal((await db.from('documents').where('id', doc.id).first()).embedding_status, 'ready')
  }).timeout(120_000)
})
