import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { CreditsService } from '#services/billing/credits_service'
import { BillingSettings } from '#services/billing/billing_settings'
import { embeddingQueue } from '#services/ai/embeddings/embedding_queue'
import { BIOLOGY_TEXT, HISTORY_TEXT, aiUser, ownedDocument, resetAiLimiter } from '#tests/support/ai'
import { swapSettings } from '#tests/support/settings'
import { AiSettings } from '#services/ai/ai_settings'

const credits = new CreditsService(new BillingSettings())
const used = async (userId: number) => (await credits.summary(userId)).used

async function ask(client: any, user: any, documentId: number, query: string) {
  const response = await client
    .post(urlFor('api.ai.tools.run', { toolId: 'qa' }))
    .json({ documentId, user_query: query })
    .loginAs(user)
    .withCsrfToken()
  response.assertStatus(200)
  return response.body()
}

/** Issue 25: Q&A ranks by meaning once a document's vectors are ready. */
test.group('Q&A retrieval by meaning (issue 25)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => resetAiLimiter())
  group.each.setup(() => swapSettings(AiSettings, { embeddingsEnabled: true }))

  test("a question in the student's own words, sharing no word with the text, finds its passage once the vectors are ready", async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id, BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT)
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

  test('a question about a name the documents never mention is refused and charges nothing, even when a sentence is close in meaning', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id, BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT)
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

  test('ingest never blocks other requests: the encoder runs in a worker thread while the server answers', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(
      user.id,
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
