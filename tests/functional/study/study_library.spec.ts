import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser, BIOLOGY_TEXT, countRows, ownedDocument, userWithDocument } from '#tests/support/ai'
import { flashcardSet, generateAll, libraryUrl } from '#tests/support/study'
import { DateTime } from 'luxon'
import GeneratedCourse from '#models/generated_course'

/*
| Issue 27 item 1 and docs/rules/study.md#review: GET /api/study/library?kind&q&page&limit → { data: [{ kind,
| id, title, document_ids, created_at }], meta }, owner-scoped, cookie auth, no AI credit, no
| generation throttle; deleting is owner-scoped. The pages that open the items: study_library_pages.spec.ts.
*/
test.group('Study library API (issue 27, CONTRACT 15)', (group) => {
  aiGroup(group)

  test('lists every kind newest first with exactly the contract keys; kind filters', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument(BIOLOGY_TEXT, { title: 'Cell biology' })
    const made = await generateAll(client, user, doc.id)
    await GeneratedCourse.create({
      userId: user.id,
      topic: 'Cells',
      level: 'beginner',
      title: 'Cells from scratch',
      description: 'd',
      modules: [{ title: 'M', lessons: [] }],
      documentIds: [String(doc.id)],
      provider: 'local',
      createdAt: DateTime.now().plus({ seconds: 5 }),
    })

    const response = await client.get(libraryUrl()).loginAs(user)
    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.deepEqual(meta, { total: 5, page: 1, limit: 20, last_page: 1 })
    // The course is the newest; the four tool results share a second (their order is the kind's).
    assert.equal(data[0].kind, 'course')
    assert.sameMembers(
      data.slice(1).map((d: any) => d.kind),
      ['trivia', 'study_guide', 'flashcards', 'summary']
    )
    for (const item of data) {
      assert.deepEqual(Object.keys(item).sort(), ['created_at', 'document_ids', 'id', 'kind', 'title'])
      assert.deepEqual(item.document_ids, [String(doc.id)])
      assert.match(item.created_at, /Z$/)
      assert.isNotEmpty(item.title)
    }
    assert.equal(data.find((d: any) => d.kind === 'flashcards').id, made.flashcards.id)
    assert.equal(data.find((d: any) => d.kind === 'summary').title, 'Summary: Cell biology')
    assert.equal(response.header('ratelimit-limit'), undefined)

    const only = await client.get(libraryUrl({ kind: 'trivia' })).loginAs(user)
    assert.deepEqual(
      only.body().data.map((d: any) => d.id),
      [made.trivia.id]
    )
    assert.equal(only.body().meta.total, 1)
  })

  test('bad kind, page or limit → 400 with the contract body; anonymous → 401', async ({ client, assert }) => {
    const user = await aiUser()
    for (const qs of [
      { kind: 'notes' },
      { kind: 'qa' },
      { page: 0 },
      { page: 'two' },
      { page: 1.5 },
      { limit: 0 },
      { limit: 101 },
      { q: 'x'.repeat(201) },
    ]) {
      const response = await client.get(libraryUrl(qs)).loginAs(user)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST', JSON.stringify(qs))
      assert.equal(response.body().status, 400)
      assert.isString(response.body().message)
      assert.isArray(response.body().errors)
    }
    const anonymous = await client.get(libraryUrl())
    assertErrorBody(assert, anonymous, 401, 'UNAUTHORIZED')
  })

  test('q finds every word in the title or source document, any case; pages split it', async ({ client, assert }) => {
    const user = await aiUser()
    const cells = await ownedDocument(user.id, undefined, { title: 'Cell biology' })
    const rome = await ownedDocument(user.id, undefined, { title: 'Roman history' })
    for (const [i, doc] of [cells, rome, cells].entries()) {
      const title = i === 2 ? 'Mitosis drill' : `Set ${i}`
      await flashcardSet(user.id, title, [doc.id], { createdAt: DateTime.now().plus({ seconds: i }) })
    }
    const titles = async (qs: Record<string, unknown>) =>
      (await client.get(libraryUrl(qs)).loginAs(user)).body().data.map((d: any) => d.title)
    assert.deepEqual(await titles({ q: 'BIOLOGY' }), ['Mitosis drill', 'Set 0'])
    assert.deepEqual(await titles({ q: 'mitosis cell' }), ['Mitosis drill'])
    assert.deepEqual(await titles({ q: 'roman' }), ['Set 1'])
    assert.deepEqual(await titles({ q: 'roman mitosis' }), [])
    // The search form's "Everything" sends an empty kind: no filter.
    assert.lengthOf(await titles({ q: '', kind: '' }), 3)

    const first = await client.get(libraryUrl({ limit: 2 })).loginAs(user)
    assert.deepEqual(first.body().meta, { total: 3, page: 1, limit: 2, last_page: 2 })
    assert.deepEqual(
      first.body().data.map((d: any) => d.title),
      ['Mitosis drill', 'Set 1']
    )
    const second = await client.get(libraryUrl({ limit: 2, page: 2 })).loginAs(user)
    assert.deepEqual(
      second.body().data.map((d: any) => d.title),
      ['Set 0']
    )
    const past = await client.get(libraryUrl({ limit: 2, page: 3 })).loginAs(user)
    past.assertStatus(200)
    assert.deepEqual(past.body().data, [])
    assert.equal(past.body().meta.total, 3)
  })

  test('owner-scoped: others see, open, delete nothing; owner deletes with children', async ({ client, assert }) => {
    const { user: owner, doc } = await userWithDocument()
    const other = await aiUser()
    const made = await generateAll(client, owner, doc.id)
    await api(client, owner).post(urlFor('api.ai.trivia.submit', { sessionId: made.trivia.id }), {
      answers: made.trivia.questions.map(() => 0),
    })

    const foreign = await client.get(libraryUrl()).loginAs(other)
    assert.deepEqual(foreign.body().data, [])
    const page = await client
      .get(urlFor('pages.study.item', { kind: 'flashcards', id: made.flashcards.id }))
      .loginAs(other)
    page.assertStatus(404)
    const steal = await api(client, other).delete(
      urlFor('api.study.library.destroy', { kind: 'flashcards', id: made.flashcards.id })
    )
    assertErrorBody(assert, steal, 404, 'NOT_FOUND')
    assert.equal(await countRows('ai_flashcards', { set_id: Number(made.flashcards.id) }), 3)

    // A right id under the wrong kind is not found either.
    ;(
      await api(client, owner).delete(
        urlFor('api.study.library.destroy', { kind: 'summary', id: made.flashcards.id + '9' })
      )
    ).assertStatus(404)
    ;(await api(client, owner).delete(`/api/study/library/notes/${made.flashcards.id}`)).assertStatus(404)

    for (const [kind, id, children] of [
      ['flashcards', made.flashcards.id, ['ai_flashcards', 'set_id']],
      ['study_guide', made.guide.id, ['ai_study_guide_sections', 'guide_id']],
      ['trivia', made.trivia.id, ['ai_game_attempts', 'session_id']],
      ['summary', made.summary.id, null],
    ] as const) {
      const response = await api(client, owner).delete(urlFor('api.study.library.destroy', { kind, id }))
      response.assertStatus(204)
      if (children) assert.equal(await countRows(children[0], { [children[1]]: Number(id) }), 0, kind)
      ;(await api(client, owner).delete(urlFor('api.study.library.destroy', { kind, id }))).assertStatus(404)
    }
    assert.deepEqual((await client.get(libraryUrl()).loginAs(owner)).body().data, [])
  })
})
