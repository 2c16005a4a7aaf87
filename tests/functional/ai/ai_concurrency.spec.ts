import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetAiLimiter, runTool, useEngine, userWithDocument } from '#tests/support/ai'
import { resetFlagCache } from '#tests/support/flags'

test.group('Concurrent generations never overspend credits (CONTRACT 4; commits for real)', (group) => {
  const userIds: number[] = []
  group.each.setup(() => resetAiLimiter())
  group.teardown(async () => {
    useEngine(null)
    if (userIds.length) {
      await db.from('documents').whereIn('owner_id', userIds).delete()
      await db.from('users').whereIn('id', userIds).delete()
    }
    resetFlagCache()
  })

  test('one credit left: five parallel summaries → one 201, the rest CREDITS_EXHAUSTED', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    userIds.push(user.id)
    ;(await runTool(client, user, 'summary', { documentId: doc.id })).assertStatus(201)
    await db.from('subscription_usages').where('user_id', user.id).update({ ai_credits_used: 99 })
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => runTool(client, user, 'summary', { documentId: doc.id }))
    )
    const statuses = responses.map((r) => r.status()).sort()
    assert.deepEqual(statuses, [201, 403, 403, 403, 403])
    for (const r of responses.filter((x) => x.status() === 403)) assert.equal(r.body().code, 'CREDITS_EXHAUSTED')
    const usage = await db.from('subscription_usages').where('user_id', user.id).first()
    assert.equal(Number(usage.ai_credits_used), 100)
    const rows = await db.from('ai_summaries').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(rows.total), 2)
  })

  test('the same Idempotency-Key sent twice at once creates one result and one charge', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    userIds.push(user.id)
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        runTool(client, user, 'summary', { documentId: doc.id }).header('Idempotency-Key', 'same-key')
      )
    )
    for (const r of responses) r.assertStatus(201)
    assert.equal(new Set(responses.map((r) => r.body().id)).size, 1)
    const rows = await db.from('ai_summaries').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(rows.total), 1)
    const usage = await db.from('subscription_usages').where('user_id', user.id).first()
    assert.equal(Number(usage.ai_credits_used), 1)
  })

  test('one Idempotency-Key sent at once with two different bodies: one result, one 409, one charge', async ({
    client,
    assert,
  }) => {
    const { user, doc } = await userWithDocument()
    userIds.push(user.id)
    const responses = await Promise.all([
      runTool(client, user, 'summary', { documentId: doc.id }).header('Idempotency-Key', 'racing-key'),
      runTool(client, user, 'flashcards', { documentId: doc.id, count: 3 }).header('Idempotency-Key', 'racing-key'),
    ])
    assert.deepEqual(responses.map((r) => r.status()).sort(), [201, 409])
    assert.equal(responses.find((r) => r.status() === 409)!.body().code, 'CONFLICT')
    const summaries = await db.from('ai_summaries').where('user_id', user.id).count('* as total').first()
    const sets = await db.from('ai_flashcard_sets').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(summaries.total) + Number(sets.total), 1)
    const usage = await db.from('subscription_usages').where('user_id', user.id).first()
    assert.equal(Number(usage.ai_credits_used), 1)
  })
})
