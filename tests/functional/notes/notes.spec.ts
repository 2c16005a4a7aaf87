import { test } from '@japa/runner'
import { createNote, noteCount } from '#tests/support/notes'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument } from '#tests/support/catalog'
import StructuredNote from '#models/structured_note'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Notes API / create and read (SPEC E, CONTRACT 7)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /api/notes creates a note owned by the caller (201, contract shape)', async ({ client, assert }) => {
    const user = await createUser()
    const response = await api(client, user).post(urlFor('api.notes.store'), {
      title: '  Exam prep  ',
      body: 'Chapter 3',
      user_id: 999,
      unknown_field: 'ignored',
    })
    response.assertStatus(201)
    const note = response.body()
    assert.equal(note.title, 'Exam prep')
    assert.equal(note.body, 'Chapter 3')
    assert.equal(note.status, 'active')
    assert.isString(note.id)
    assert.isNull(note.deadline_at)
    assert.isNull(note.deleted_at)
    assert.isNull(note.canvas)
    assert.deepEqual(note.references, [])
    assert.match(note.created_at, /Z$/)
    assert.sameMembers(Object.keys(note), [
      'id',
      'title',
      'body',
      'status',
      'deadline_at',
      'reminder_at',
      'deleted_at',
      'canvas',
      'references',
      'created_at',
      'updated_at',
    ])
    const row = await StructuredNote.findOrFail(Number(note.id))
    assert.equal(row.userId, user.id)
  })

  test('empty or whitespace-only title is rejected with 400 BAD_REQUEST', async ({ client, assert }) => {
    const user = await createUser()
    for (const title of ['', '   ', '\n\t', undefined, null, 42]) {
      const response = await api(client, user).post(urlFor('api.notes.store'), { title, body: 'x' })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    }
    assert.equal(await noteCount(user.id), 0)
  })

  test('title over 200 chars and body over 50000 chars are 400', async ({ client }) => {
    const user = await createUser()
    ;(await api(client, user).post(urlFor('api.notes.store'), { title: 'a'.repeat(201) })).assertStatus(400)
    ;(await api(client, user).post(urlFor('api.notes.store'), { title: 'ok', body: 'a'.repeat(50001) })).assertStatus(
      400
    )
    ;(
      await api(client, user).post(urlFor('api.notes.store'), { title: 'a'.repeat(200), body: 'a'.repeat(50000) })
    ).assertStatus(201)
  })

  test('deadlines and reminders are stored in UTC from any offset (CONTRACT 12)', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, {
      title: 'Deadline',
      deadline_at: '2030-05-01T10:00:00+02:00',
      reminder_at: '2030-04-30T20:30:00-05:00',
    })
    assert.equal(note.deadline_at, '2030-05-01T08:00:00.000Z')
    assert.equal(note.reminder_at, '2030-05-01T01:30:00.000Z')
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.equal(fetched.body().deadline_at, '2030-05-01T08:00:00.000Z')
  })

  test('a datetime without an offset is 400 (CONTRACT 12)', async ({ client, assert }) => {
    const user = await createUser()
    for (const deadline of ['2030-05-01T10:00:00', '2030-05-01', 'tomorrow', '2030-13-45T10:00:00Z']) {
      const response = await api(client, user).post(urlFor('api.notes.store'), { title: 'x', deadline_at: deadline })
      response.assertStatus(400)
    }
    const note = await createNote(client, user, { title: 'x' })
    const patch = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), {
      reminder_at: '2030-05-01T10:00',
    })
    assertErrorBody(assert, patch, 400, 'BAD_REQUEST')
  })

  test('malformed JSON is 400 and unknown fields are ignored', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .post(urlFor('api.notes.store'))
      .loginAs(user)
      .withCsrfToken()
      .unsafeJson('{"title": "x",')
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
  })

  test('anonymous callers get 401 on the API', async ({ client, assert }) => {
    const response = await client.get(urlFor('api.notes.index'))
    assertErrorBody(assert, response, 401, 'UNAUTHORIZED')
  })

  test('POST with initial references and canvas metadata', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument({ accessLevel: 'premium' })
    const course = await createCourse()
    const note = await createNote(client, user, {
      title: 'With refs',
      references: [
        { target_type: 'document', target_id: String(doc.id), context: 'read p. 4' },
        { target_type: 'course', target_slug: course.slug },
      ],
      canvas: { x: 10, y: -20, width: 300, height: 200, group_label: 'Week 1' },
    })
    assert.lengthOf(note.references, 2)
    assert.equal(note.references[0].target_id, String(doc.id))
    assert.equal(note.references[0].access_state, 'premium')
    assert.equal(note.references[0].access_state_snapshot, 'premium')
    assert.equal(note.references[1].target_type, 'course')
    assert.equal(note.references[1].access_state, 'free')
    assert.deepEqual(note.canvas, { x: 10, y: -20, width: 300, height: 200, group_label: 'Week 1' })
  })

  test('POST with an invalid initial reference creates nothing', async ({ client, assert }) => {
    const user = await createUser()
    const response = await api(client, user).post(urlFor('api.notes.store'), {
      title: 'x',
      references: [{ target_type: 'document', target_id: '99999999' }],
    })
    response.assertStatus(404)
    const bad = await api(client, user).post(urlFor('api.notes.store'), {
      title: 'x',
      references: [{ target_type: 'video', target_id: '1' }],
    })
    bad.assertStatus(400)
    assert.equal(await noteCount(user.id), 0)
  })
})

test.group('Notes API / update and delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PATCH updates title, body, status, deadline; empty title rejected', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'Old', body: 'b', deadline_at: '2030-01-01T00:00:00Z' })
    const response = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), {
      title: ' New ',
      body: 'changed',
      status: 'archived',
      deadline_at: null,
    })
    response.assertStatus(200)
    assert.equal(response.body().title, 'New')
    assert.equal(response.body().body, 'changed')
    assert.equal(response.body().status, 'archived')
    assert.isNull(response.body().deadline_at)

    const empty = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { title: '   ' })
    empty.assertStatus(400)
    const bad = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { status: 'gone' })
    bad.assertStatus(400)
    const row = await StructuredNote.findOrFail(Number(note.id))
    assert.equal(row.title, 'New')
  })

  test('DELETE is a soft delete (status deleted, deleted_at), hidden by default', async ({ client, assert }) => {
    const user = await createUser()
    const keep = await createNote(client, user, { title: 'Keep' })
    const gone = await createNote(client, user, { title: 'Gone' })
    const response = await api(client, user).delete(urlFor('api.notes.destroy', { id: gone.id }))
    response.assertStatus(200)
    assert.equal(response.body().status, 'deleted')
    assert.match(response.body().deleted_at, /Z$/)
    const row = await StructuredNote.find(Number(gone.id))
    assert.isNotNull(row)
    assert.equal(row!.status, 'deleted')

    const list = await client.get(urlFor('api.notes.index')).loginAs(user)
    assert.deepEqual(
      list.body().data.map((n: any) => n.id),
      [keep.id]
    )
    const deleted = await client.get(urlFor('api.notes.index', {}, { qs: { status: 'deleted' } })).loginAs(user)
    assert.deepEqual(
      deleted.body().data.map((n: any) => n.id),
      [gone.id]
    )
  })

  test('archived notes are left out by default and listed with status=archived', async ({ client, assert }) => {
    const user = await createUser()
    const a = await createNote(client, user, { title: 'A' })
    await api(client, user).patch(urlFor('api.notes.update', { id: a.id }), { status: 'archived' })
    const list = await client.get(urlFor('api.notes.index')).loginAs(user)
    assert.lengthOf(list.body().data, 0)
    const archived = await client.get(urlFor('api.notes.index', {}, { qs: { status: 'archived' } })).loginAs(user)
    assert.lengthOf(archived.body().data, 1)
  })

  test('concurrent edits are last-write-wins', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'T' })
    await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { body: 'first' })
    await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { body: 'second' })
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.equal(fetched.body().body, 'second')
  })
})

test.group("Notes API / ownership: another user's note is 404 everywhere", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('foreign note ids are 404 on every route and nothing changes', async ({ client, assert }) => {
    const owner = await createUser()
    const intruder = await createUser()
    const doc = await createDocument()
    const note = await createNote(client, owner, {
      title: 'Private',
      references: [{ target_type: 'document', target_id: String(doc.id) }],
      canvas: { x: 1, y: 2, width: 100, height: 100 },
    })
    const refId = note.references[0].id
    const calls = [
      client.get(urlFor('api.notes.show', { id: note.id })).loginAs(intruder),
      api(client, intruder).patch(urlFor('api.notes.update', { id: note.id }), { title: 'hacked' }),
      api(client, intruder).delete(urlFor('api.notes.destroy', { id: note.id })),
      api(client, intruder).post(urlFor('api.notes.references.store', { id: note.id }), {
        target_type: 'document',
        target_id: String(doc.id),
      }),
      api(client, intruder).patch(urlFor('api.notes.references.update', { id: note.id, referenceId: refId }), {
        context: 'hacked',
      }),
      api(client, intruder).delete(urlFor('api.notes.references.destroy', { id: note.id, referenceId: refId })),
      api(client, intruder).patch(urlFor('api.notes.canvas', { id: note.id }), { x: 5, y: 5, width: 100, height: 100 }),
      // Invalid bodies on a foreign note are still 404 (ownership before validation is not leaked).
      api(client, intruder).patch(urlFor('api.notes.canvas', { id: note.id }), { x: 'a' }),
    ]
    for (const call of calls) {
      const response = await call
      assertErrorBody(assert, response, 404, 'NOT_FOUND')
    }
    const list = await client.get(urlFor('api.notes.index', {}, { qs: { status: 'active' } })).loginAs(intruder)
    assert.lengthOf(list.body().data, 0)
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(owner)
    assert.equal(fetched.body().title, 'Private')
    assert.equal(fetched.body().status, 'active')
    assert.isNull(fetched.body().references[0].context)
    assert.equal(fetched.body().references[0].status, 'active')
    assert.equal(fetched.body().canvas.x, 1)
  })

  test('a reference of another note of the same user is 404 under the wrong note', async ({ client }) => {
    const user = await createUser()
    const doc = await createDocument()
    const a = await createNote(client, user, {
      title: 'A',
      references: [{ target_type: 'document', target_id: String(doc.id) }],
    })
    const b = await createNote(client, user, { title: 'B' })
    const response = await api(client, user).patch(
      urlFor('api.notes.references.update', { id: b.id, referenceId: a.references[0].id }),
      { context: 'x' }
    )
    response.assertStatus(404)
  })

  test('missing and non-numeric ids are 404', async ({ client }) => {
    const user = await createUser()
    ;(await client.get(urlFor('api.notes.show', { id: '999999' })).loginAs(user)).assertStatus(404)
    ;(await client.get(urlFor('api.notes.show', { id: 'abc' })).loginAs(user)).assertStatus(404)
    const note = await createNote(client, user, { title: 'x' })
    ;(
      await api(client, user).delete(urlFor('api.notes.references.destroy', { id: note.id, referenceId: '99999' }))
    ).assertStatus(404)
  })
})
