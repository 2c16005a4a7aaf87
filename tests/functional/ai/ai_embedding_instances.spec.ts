import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { RowLease } from '#services/database/row_lease'
import { scheduledTasks } from '#services/scheduler/tasks'
import { aiGroup, BIOLOGY_TEXT, ownedDocument } from '#tests/support/ai'
import { EmbeddingQueue, embeddingLockKey } from '#services/ai/embeddings/embedding_queue'
import type { EmbeddingRunner } from '#services/ai/embeddings/embedding_runner'

/*
| docs/rules/operations.md#instances: a document's embedding runs once across instances. Each
| instance has its own queue (the uploading one, and every one whose AI read finds the document
| still `pending`); two queues here stand for two instances sharing the lock store. Before the
| fix both embedded every chunk, and the page's `embedding_progress` went back and forth.
*/
class CountingRunner implements EmbeddingRunner {
  readonly encoderId = 'test-counting-8'
  texts = 0
  async embed(texts: string[]) {
    this.texts += texts.length
    await new Promise((resolve) => setTimeout(resolve, 20))
    return texts.map((_, i) => Float32Array.from({ length: 8 }, (__, d) => (d === i % 8 ? 1 : 0)))
  }
  async close() {}
}

/** One instance's queue embedding one document, to the end. */
async function embedOn(runner: EmbeddingRunner, documentId: number) {
  const queue = new EmbeddingQueue(() => runner)
  queue.enqueue(documentId)
  await queue.idle()
}

test.group('AI / embeddings across instances (docs/rules/operations.md#instances)', (group) => {
  aiGroup(group)

  test('two instances queueing one document embed it once', async ({ assert }) => {
    const doc = await ownedDocument(null, Array.from({ length: 4 }, () => BIOLOGY_TEXT).join('\n\n'))
    const once = new CountingRunner()
    await embedOn(once, doc.id)
    assert.isAbove(once.texts, 0)
    await db.from('document_chunks').where('document_id', doc.id).update({ vectors: null, vectors_model: null })

    const runners = [new CountingRunner(), new CountingRunner()]
    await Promise.all(runners.map((runner) => embedOn(runner, doc.id)))
    assert.equal(runners[0].texts + runners[1].texts, once.texts, 'every sentence embedded once')
    const row = await db.from('documents').where('id', doc.id).first()
    assert.equal(row.embedding_status, 'ready')
    assert.equal(Number(row.embedding_progress), 1)
  })

  test('a document another instance is embedding is skipped, not marked failed', async ({ assert }) => {
    const doc = await ownedDocument(null)
    const held = new RowLease(embeddingLockKey(doc.id), 60_000)
    assert.isTrue(await held.acquire())
    try {
      const runner = new CountingRunner()
      await embedOn(runner, doc.id)
      assert.equal(runner.texts, 0)
      const row = await db.from('documents').where('id', doc.id).first()
      assert.notEqual(row.embedding_status, 'failed')
    } finally {
      await held.release()
    }
  })

  test('an embedding killed with its instance is queued again by embeddings:resume', async ({ assert }) => {
    const doc = await ownedDocument(null)
    // The dead instance: it took the lease ten minutes ago and never extended or released it.
    const dead = new RowLease(embeddingLockKey(doc.id), 60_000, () => Date.now() - 10 * 60_000)
    assert.isTrue(await dead.acquire())
    const ready = await ownedDocument(null)
    await db.from('documents').where('id', ready.id).update({ embedding_status: 'ready' })
    assert.isTrue(await new RowLease(embeddingLockKey(ready.id), 60_000, () => Date.now() - 10 * 60_000).acquire())

    assert.equal(scheduledTasks.find((t) => t.name === 'embeddings:resume')?.schedule(), '*/5 * * * *')
    const runner = new CountingRunner()
    const queue = new EmbeddingQueue(() => runner)
    assert.equal(await queue.resumeAbandoned(), 1)
    await queue.idle()
    assert.isAbove(runner.texts, 0)
    const row = await db.from('documents').where('id', doc.id).first()
    assert.equal(row.embedding_status, 'ready')
    assert.equal(
      await db
        .from('locks')
        .where('key', 'like', 'embeddings:document:%')
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )
  })

  test('a lease left by a dead instance expires; a live one is not taken', async ({ assert }) => {
    let clock = Date.now()
    const dead = new RowLease('test:lease', 1000, () => clock)
    const other = new RowLease('test:lease', 1000, () => clock)
    assert.isTrue(await dead.acquire())
    assert.isFalse(await other.acquire())
    clock += 1001
    assert.isTrue(await other.acquire())
    assert.isFalse(await dead.extend(), 'the old holder learns it lost the lease')
    assert.isTrue(await other.extend())
    await other.release()
  })
})
