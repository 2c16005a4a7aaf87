import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import { text } from 'node:stream/consumers'
import db from '@adonisjs/lucid/services/db'
import { UploadStorage } from '#services/documents/upload_storage'
import { createDocument } from '#tests/support/catalog'
import { BIOLOGY_TEXT, HISTORY_TEXT, aiUser, countRows, resetAiLimiter } from '#tests/support/ai'

/**
 * Commits for real (no global transaction): the race is between separate transactions. Run on
 * SQLite and on PostgreSQL (DB_CONNECTION=pg).
 */
test.group('Hostile I/O: the free plan quota is atomic (issue 23.4)', (group) => {
  const userIds: number[] = []
  group.each.setup(async () => {
    await resetAiLimiter()
    return async () => {
      const storage = new UploadStorage()
      for (const row of await db.from('documents').whereIn('owner_id', userIds).select('file_key')) {
        if (row.file_key) await storage.delete(row.file_key)
      }
      await db.from('documents').whereIn('owner_id', userIds).delete()
      await db.from('users').whereIn('id', userIds).delete()
      userIds.length = 0
    }
  })

  test('three concurrent uploads at 4 of 5: one is stored, the others get 403', async ({ client, assert }) => {
    const user = await aiUser({ plan: 'free' })
    userIds.push(user.id)
    for (let i = 0; i < 4; i++)
      await createDocument({ ownerId: user.id, visibility: 'private', title: `Existing ${i}` } as any)
    const texts = [BIOLOGY_TEXT, HISTORY_TEXT, `${BIOLOGY_TEXT}\n\n${HISTORY_TEXT}`]
    const responses = await Promise.all(texts.map((body, i) => uploadDocument(client, user, `race-${i}.txt`, body)))
    const statuses = responses.map((r) => r.status()).sort()
    assert.deepEqual(statuses, [201, 403, 403])
    for (const refused of responses.filter((r) => r.status() === 403))
      assert.equal(refused.body().upgrade_url, '/pricing')
    assert.equal(await countRows('documents', { owner_id: user.id }), 5)
    // The refused uploads left no stored object behind.
    const storage = new UploadStorage()
    const keys = (
      await db.from('documents').where('owner_id', user.id).whereNotNull('file_key').select('file_key')
    ).map((r) => r.file_key)
    assert.lengthOf(keys, 1)
    const stored = await storage.stream(keys[0])
    assert.isNotNull(stored)
    assert.isAbove((await text(stored!)).length, 0)
  })
})
