import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { accessFor, fullText, previewText, readableContent } from '#services/catalog/document_access_service'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'

const doc = (accessLevel: 'free' | 'paid' | 'premium' | 'locked', ownerId: number | null = 1) => ({
  id: 999999,
  ownerId,
  accessLevel,
})

test.group('Catalog / document access rule (CONTRACT 13)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('anonymous: free is full, paid and premium are previews, locked is metadata only', async ({ assert }) => {
    assert.deepEqual(await accessFor(doc('free'), null), { can_read_full: true, mode: 'full', reason: 'free' })
    assert.deepEqual(await accessFor(doc('paid'), null), { can_read_full: false, mode: 'preview', reason: 'preview' })
    assert.deepEqual(await accessFor(doc('premium'), null), {
      can_read_full: false,
      mode: 'preview',
      reason: 'preview',
    })
    assert.deepEqual(await accessFor(doc('locked'), null), { can_read_full: false, mode: 'none', reason: 'locked' })
  })

  test('the owner always reads the full text, locked included', async ({ assert }) => {
    const owner = await createUser()
    for (const level of ['free', 'paid', 'premium', 'locked'] as const) {
      const access = await accessFor(doc(level, owner.id), owner)
      assert.isTrue(access.can_read_full, level)
      assert.equal(access.mode, 'full')
    }
  })

  test('a signed-in non-owner on the free plan gets what anonymous gets', async ({ assert }) => {
    const owner = await createUser()
    const reader = await createUser()
    assert.isTrue((await accessFor(doc('free', owner.id), reader)).can_read_full)
    assert.equal((await accessFor(doc('paid', owner.id), reader)).mode, 'preview')
    assert.equal((await accessFor(doc('premium', owner.id), reader)).mode, 'preview')
    assert.equal((await accessFor(doc('locked', owner.id), reader)).mode, 'none')
    // a document without an owner is never "owned" by anyone
    assert.equal((await accessFor(doc('locked', null), reader)).mode, 'none')
  })

  test('readableContent returns text, preview or nothing', async ({ assert }) => {
    const chunks = ['One sentence here. Another one follows! A third?', 'Second chunk text.']
    const free = await createDocument({ accessLevel: 'free' }, chunks)
    const paid = await createDocument({ accessLevel: 'paid' }, chunks)
    const locked = await createDocument({ accessLevel: 'locked' }, chunks)
    assert.equal((await readableContent(free, null)).text, chunks.join('\n\n'))
    const preview = await readableContent(paid, null)
    assert.isUndefined(preview.text)
    assert.isTrue(chunks[0].startsWith(preview.preview!))
    const none = await readableContent(locked, null)
    assert.isUndefined(none.text)
    assert.isUndefined(none.preview)
  })
})

test.group('Catalog / full text and preview', () => {
  test('full text joins chunks in chunk order', ({ assert }) => {
    assert.equal(
      fullText([
        { chunkIndex: 1, content: 'B' },
        { chunkIndex: 0, content: 'A' },
      ]),
      'A\n\nB'
    )
  })

  test('the preview is the first chunk cut at a sentence end', ({ assert }) => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} talks about entropy.`).join(' ')
    const preview = previewText([
      { chunkIndex: 0, content: long },
      { chunkIndex: 1, content: 'Later.' },
    ])
    assert.isTrue(long.startsWith(preview))
    assert.match(preview, /\.$/)
    assert.isBelow(preview.length, long.length)
    assert.isAtMost(preview.length, 600)
  })

  test('a short single-chunk document never leaks in full through its preview', ({ assert }) => {
    const preview = previewText([{ chunkIndex: 0, content: 'First sentence. Second sentence.' }])
    assert.equal(preview, 'First sentence.')
  })

  test('a document without chunks has an empty preview', ({ assert }) => {
    assert.equal(previewText([]), '')
  })
})
