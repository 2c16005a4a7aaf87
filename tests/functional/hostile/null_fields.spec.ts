import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { urlFor } from '@adonisjs/core/services/url_builder'
import testUtils from '@adonisjs/core/services/test_utils'
import { api, assertErrorBody } from '#tests/support/http'
import { createNote, noteCount } from '#tests/support/notes'
import { createCourse, createDocument } from '#tests/support/catalog'
import { createUser } from '#tests/support/users'
import { aiGroup, countRows, creditsUsed, runTool, userWithDocument } from '#tests/support/ai'

/**
 * An explicit `null` for a field that is not nullable (docs/rules/hardening.md#error-body: validation failures are
 * 400 with the field named). VineJS's `.optional()` reads null as "left out", so `PATCH /api/notes/:id
 * { "title": null }` answered 200 and kept the title. Fields declared nullable still take null.
 */
function assertNullRefused(assert: Assert, response: ApiResponse, field: string) {
  assertErrorBody(assert, response, 400, 'BAD_REQUEST')
  assert.deepInclude(response.body().errors, {
    field,
    rule: 'notNull',
    message: `The ${field.split('.').pop()} field cannot be null`,
  })
}

test.group('Hostile input / null for a field that is not nullable', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PATCH /api/notes/:id refuses null title and status, and still clears body and deadline', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'Keep me', body: 'text', deadline_at: '2030-01-01T00:00:00Z' })
    const patch = (body: Record<string, unknown>) =>
      api(client, user).patch(urlFor('api.notes.update', { id: note.id }), body)
    for (const field of ['title', 'status']) assertNullRefused(assert, await patch({ [field]: null }), field)
    const after = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.equal(after.body().title, 'Keep me')
    assert.equal(after.body().updated_at, note.updated_at)

    const cleared = await patch({ body: null, deadline_at: null })
    cleared.assertStatus(200)
    assert.isNull(cleared.body().deadline_at)
  })

  test('POST /api/notes refuses a null canvas and a null reference order, and writes nothing', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const doc = await createDocument()
    const store = (body: Record<string, unknown>) => api(client, user).post(urlFor('api.notes.store'), body)
    assertNullRefused(assert, await store({ title: 'N', canvas: null }), 'canvas')
    const reference = { target_type: 'document', target_id: doc.id, order: null }
    assertNullRefused(assert, await store({ title: 'N', references: [reference] }), 'references.0.order')
    assert.equal(await noteCount(user.id), 0)
    // The canvas's group label is nullable.
    const canvas = { x: 0, y: 0, width: 200, height: 100, group_label: null }
    ;(await store({ title: 'N', canvas })).assertStatus(201)
  })

  test('PATCH of a reference refuses null order, status and archived; context and date take null', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const doc = await createDocument()
    const note = await createNote(client, user, {
      title: 'Refs',
      references: [{ target_type: 'document', target_id: doc.id, context: 'ctx', order: 3 }],
    })
    const ref = note.references[0]
    const patch = (body: Record<string, unknown>) =>
      api(client, user).patch(urlFor('api.notes.references.update', { id: note.id, referenceId: ref.id }), body)
    for (const field of ['order', 'status', 'archived'])
      assertNullRefused(assert, await patch({ [field]: null }), field)
    const cleared = await patch({ context: null, date: null })
    cleared.assertStatus(200)
    assert.isNull(cleared.body().context)
    assert.equal(cleared.body().order, 3)
  })

  test('PATCH /api/my/documents/:id refuses null title and visibility; course_id null leaves the course', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const doc = await createDocument({ ownerId: user.id, visibility: 'private', courseId: course.id })
    const patch = (body: Record<string, unknown>) =>
      api(client, user).patch(urlFor('api.my.documents.update', { id: doc.id }), body)
    for (const field of ['title', 'visibility']) assertNullRefused(assert, await patch({ [field]: null }), field)
    await doc.refresh()
    assert.equal(doc.courseId, course.id)
    // `course_id` is nullable: null takes the document out of its course (it used to be dropped as "left out").
    ;(await patch({ course_id: null })).assertStatus(200)
    await doc.refresh()
    assert.isNull(doc.courseId)
  })

  test('my courses: POST and PATCH refuse a null title; the description takes null', async ({ client, assert }) => {
    const user = await createUser()
    const store = await api(client, user).post(urlFor('api.my.courses.store'), { title: null })
    assertErrorBody(assert, store, 400, 'BAD_REQUEST')
    assert.equal(store.body().errors[0].field, 'title')
    const created = await api(client, user).post(urlFor('api.my.courses.store'), {
      title: 'Algebra',
      description: null,
    })
    created.assertStatus(201)
    const id = created.body().id
    const patch = (body: Record<string, unknown>) =>
      api(client, user).patch(urlFor('api.my.courses.update', { id }), body)
    assertNullRefused(assert, await patch({ title: null }), 'title')
    const described = await patch({ description: 'Linear' })
    described.assertStatus(200)
    const cleared = await patch({ description: null })
    cleared.assertStatus(200)
    assert.equal(cleared.body().title, 'Algebra')
    assert.isNull(cleared.body().description)
  })

  test('sign-in refuses a null remember; the profile username takes null', async ({ client, assert }) => {
    const user = await createUser({ username: 'before' })
    const login = await api(client).post(urlFor('api.auth.login'), {
      email: user.email,
      password: 'secret-password',
      remember: null,
    })
    assertNullRefused(assert, login, 'remember')
    const profile = await api(client, user).patch(urlFor('api.auth.profile.update'), { username: null })
    profile.assertStatus(200)
    await user.refresh()
    assert.isNull(user.username)
  })
})

test.group('Hostile input / null for an AI option', (group) => {
  aiGroup(group)

  test('a null count or difficulty is 400, nothing made or charged', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    assertNullRefused(assert, await runTool(client, user, 'flashcards', { documentId: doc.id, count: null }), 'count')
    const trivia = await runTool(client, user, 'trivia-game', { documentId: doc.id, difficulty: null })
    assertNullRefused(assert, trivia, 'difficulty')
    assertNullRefused(assert, await runTool(client, user, 'summary', { documentId: null }), 'documentId')
    assert.equal(await countRows('ai_flashcard_sets', { user_id: user.id }), 0)
    assert.equal(await countRows('ai_game_sessions', { user_id: user.id }), 0)
    assert.equal(await creditsUsed(user.id), 0)
    // focusTopic is nullable.
    const game = await runTool(client, user, 'trivia-game', { documentId: doc.id, questionCount: 2, focusTopic: null })
    game.assertStatus(201)
  })
})
