import { test } from '@japa/runner'
import { HostedEngine } from '#services/ai/hosted_engine'
import { NOT_FOUND_ANSWER } from '#services/ai/engine'
import { createDocument } from '#tests/support/catalog'
import {
  aiGroup,
  BIOLOGY_TEXT,
  creditsUsed as used,
  HISTORY_TEXT,
  mockModel,
  runTool,
  spyOnEngine,
  useEngine,
  userWithDocument,
} from '#tests/support/ai'

function ask(client: any, user: any, documentIds: (string | number)[], query: unknown) {
  return runTool(client, user, 'qa', { scope: { document_ids: documentIds.map(String) }, user_query: query })
}

/** A pro user with one document of `text`, and the credits they had used before asking. */
async function readerOf(text: string) {
  const { user, doc } = await userWithDocument(text)
  return { user, doc, before: await used(user.id) }
}

test.group('Q&A knows when it does not know (CONTRACT 14)', (group) => {
  aiGroup(group)

  test('found: the answering sentence, up to 3 ranked sources, one credit', async ({ client, assert }) => {
    const { user, doc, before } = await readerOf(BIOLOGY_TEXT + '\n\n' + HISTORY_TEXT)
    const response = await ask(client, user, [doc.id], 'What does chlorophyll absorb?')
    response.assertStatus(200)
    const body = response.body()
    assert.isTrue(body.found)
    assert.include(body.answer, 'absorbs light')
    assert.isAtMost(body.answer.length, 300)
    assert.isAtLeast(body.sources.length, 1)
    assert.isAtMost(body.sources.length, 3)
    assert.equal(body.sources[0].document_id, String(doc.id))
    assert.equal(await used(user.id), before + 1)
  })

  test('not found: found false, "not found in your documents", no sources, no credit', async ({ client, assert }) => {
    spyOnEngine()
    const { user, doc, before } = await readerOf(BIOLOGY_TEXT)
    for (const query of [
      'When did Rome fall?',
      'Who painted the ceiling of the Sistine Chapel?',
      'How many moons does Jupiter have?',
    ]) {
      const response = await ask(client, user, [doc.id], query)
      response.assertStatus(200)
      assert.deepEqual(response.body(), { answer: NOT_FOUND_ANSWER, found: false, sources: [], citations: [] }, query)
      assert.match(response.body().answer, /not found in your documents/i)
    }
    assert.equal(await used(user.id), before)
  })

  // Empty or 10,000 characters → 400; punctuation or another script → found false.
  test('bad questions → 400 or found false; never a 500 or a charge', async ({ client, assert }) => {
    const { user, doc, before } = await readerOf(BIOLOGY_TEXT)
    ;(await ask(client, user, [doc.id], '')).assertStatus(400)
    ;(await ask(client, user, [doc.id], 'photosynthesis '.repeat(700))).assertStatus(400)
    for (const query of ['?!?! ... ;;', '光合作用とは何ですか', 'Что такое фотосинтез?', '🙂🙂🙂']) {
      const response = await ask(client, user, [doc.id], query)
      response.assertStatus(200)
      assert.isFalse(response.body().found, query)
      assert.deepEqual(response.body().sources, [])
    }
    assert.equal(await used(user.id), before)
  })

  test('ranking covers every chunk: an answer past MAX_TOTAL_CHARACTERS is found', async ({ client, assert }) => {
    const filler = Array.from({ length: 60 }, (_, i) => `Lecture ${i + 1}. ` + BIOLOGY_TEXT).join('\n\n')
    assert.isAbove(filler.length, 65000)
    const { user, doc } = await userWithDocument(
      filler + '\n\nThe Kerguelen lighthouse keeper in 1911 was Ottoline Marchbanks, who kept a diary of every storm.'
    )
    const response = await ask(client, user, [doc.id], 'Who was the Kerguelen lighthouse keeper in 1911?')
    response.assertStatus(200)
    assert.isTrue(response.body().found)
    assert.include(response.body().answer, 'Ottoline Marchbanks')
  })

  test('a scope of an ingested and an empty document answers from the one with text', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument(BIOLOGY_TEXT)
    const empty = await createDocument({ ownerId: user.id, visibility: 'private', ingestStatus: 'pending' } as any, [])
    const response = await ask(client, user, [empty.id, doc.id], 'What does chlorophyll absorb?')
    response.assertStatus(200)
    assert.isTrue(response.body().found)
    assert.equal(response.body().sources[0].document_id, String(doc.id))
  })

  test('hosted: nothing relevant → no model call; a found:false answer is free', async ({ client, assert }) => {
    const { user, doc, before } = await readerOf(BIOLOGY_TEXT)
    const silent = mockModel(JSON.stringify({ answer: 'should not be asked', found: true }))
    useEngine(new HostedEngine(silent, 'openai'))
    const none = await ask(client, user, [doc.id], 'When did Rome fall?')
    assert.isFalse(none.body().found)
    assert.lengthOf(silent.doGenerateCalls, 0)
    const declining = mockModel(JSON.stringify({ answer: 'The passages do not say.', found: false, citations: [] }))
    useEngine(new HostedEngine(declining, 'openai'))
    const declined = await ask(client, user, [doc.id], 'What colour is chlorophyll in autumn leaves?')
    declined.assertStatus(200)
    assert.deepEqual(declined.body(), { answer: NOT_FOUND_ANSWER, found: false, sources: [], citations: [] })
    assert.lengthOf(declining.doGenerateCalls, 1)
    assert.equal(await used(user.id), before)
    const answering = mockModel(
      JSON.stringify({ answer: 'Light, mostly blue and red.', found: true, citations: [`D${doc.id}:C0`] })
    )
    useEngine(new HostedEngine(answering, 'openai'))
    const found = await ask(client, user, [doc.id], 'What does chlorophyll absorb?')
    assert.isTrue(found.body().found)
    assert.equal(found.body().answer, 'Light, mostly blue and red.')
    assert.equal(await used(user.id), before + 1)
  })
})
