import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import { assertErrorBody } from '#tests/support/http'
import { aiGroup, aiUser, BIOLOGY_TEXT, countRows } from '#tests/support/ai'
import { filesStartingWith, marker } from '#tests/support/hostile/temp_files'

test.group('Hostile I/O: the form fields around an upload (docs/rules/documents.md#upload-limits)', (group) => {
  aiGroup(group)

  test('a field named 5,000 levels deep → 400; the request ends and its part is deleted', async ({
    assert,
    client,
  }) => {
    const user = await aiUser()
    const mark = marker()
    // The body parser nests `a[b][b]…` into objects it then deep-clones: the clone overflowed
    // the stack out of band, and the request was never answered (its part never deleted).
    const response = await uploadDocument(client, user, 'notes.txt', `${mark}\n${BIOLOGY_TEXT}`, {
      [`a${'[b]'.repeat(5000)}`]: 'x',
    }).timeout(10_000)
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    assert.deepEqual(await filesStartingWith(mark), [])
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
    ;(await uploadDocument(client, user, 'fine.txt')).assertStatus(201)
  }).timeout(30_000)
})
