import { test } from '@japa/runner'
import { createNote } from '#tests/support/notes'
import { api } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
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
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST')
    }
    const count = await db.from('structured_notes').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(count.total), 0)
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
    patch.assertStatus(400)
    assert.equal(patch.body().code, 'BAD_REQUEST')
  })

  test('malformed JSON is 400 and unknown fields are ignored', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .post(urlFor('api.notes.store'))
      .loginAs(user)
      .withCsrfToken()
      .unsafeJson('{"title": "x",')
    response.assertStatus(400)
    assert.equal(response.body().code, 'BAD_REQUEST')
  })

  test('anonymous callers get 401 on the API', async ({ client, assert }) => {
    const response = await client.get(urlFor('api.notes.index'))
    response.assertStatus(401)
    assert.equal(response.body().code, 'UNAUTHORIZED')
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
    const count = await db.from('structured_notes').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(count.total), 0)
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

  test('DELETE is a soft delete: 200 with status deleted and deleted_at; hidden from the default list', async ({
    client,
    assert,
  }) => {
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

  test('archived notes are excluded from the default list and listed with status=archived', async ({
    client,
    assert,
  }) => {
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
      response.assertStatus(404)
      assert.equal(response.body().code, 'NOT_FOUND')
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

test.group('Notes API / references', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST reference by id and by slug; 201 with the contract shape', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument({ accessLevel: 'paid' }, ['Secret full text that must not leak'])
    const inst = await createInstitution()
    const note = await createNote(client, user, { title: 'N' })
    const response = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
      target_id: String(doc.id),
      context: 'ctx',
      date: '2030-02-03',
      order: 4,
    })
    response.assertStatus(201)
    const ref = response.body()
    assert.sameMembers(
      Object.keys(ref).filter((k) => !['note_id', 'created_at', 'updated_at'].includes(k)),
      [
        'id',
        'target_type',
        'target_id',
        'target_slug',
        'target_title',
        'context',
        'order',
        'date',
        'status',
        'archived_at',
        'access_state_snapshot',
        'access_state',
      ]
    )
    assert.equal(ref.target_slug, doc.slug)
    assert.equal(ref.target_title, doc.title)
    assert.equal(ref.order, 4)
    assert.equal(ref.date, '2030-02-03')
    assert.equal(ref.status, 'active')
    assert.isNull(ref.archived_at)
    assert.equal(ref.access_state_snapshot, 'paid')
    assert.equal(ref.access_state, 'paid')
    // Referencing never grants access: no text leaks.
    assert.notInclude(JSON.stringify(response.body()), 'Secret full text')

    const bySlug = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'institution',
      target_slug: inst.slug,
    })
    bySlug.assertStatus(201)
    assert.equal(bySlug.body().target_id, String(inst.id))
    assert.equal(bySlug.body().access_state, 'free')
  })

  test('referencing a locked document is allowed but grants no access', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument({ accessLevel: 'locked' }, ['Locked body text'])
    const note = await createNote(client, user, { title: 'N' })
    const response = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
      target_slug: doc.slug,
    })
    response.assertStatus(201)
    assert.equal(response.body().access_state, 'locked')
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.notInclude(JSON.stringify(fetched.body()), 'Locked body text')
  })

  test('bad target_type is 400; missing target is 404; no id nor slug is 400', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'N' })
    const bad = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'video',
      target_id: '1',
    })
    bad.assertStatus(400)
    assert.equal(bad.body().code, 'BAD_REQUEST')
    for (const targetType of ['document', 'course', 'institution']) {
      const missing = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
        target_type: targetType,
        target_id: '99999999',
      })
      missing.assertStatus(404)
      const missingSlug = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
        target_type: targetType,
        target_slug: 'no-such-slug',
      })
      missingSlug.assertStatus(404)
    }
    const neither = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
    })
    neither.assertStatus(400)
    const badDate = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
      target_id: '1',
      date: '2030-02-30',
    })
    badDate.assertStatus(400)
    const longContext = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
      target_id: '1',
      context: 'a'.repeat(1001),
    })
    longContext.assertStatus(400)
    const count = await db
      .from('structured_note_references')
      .where('note_id', Number(note.id))
      .count('* as total')
      .first()
    assert.equal(Number(count.total), 0)
  })

  test("another user's private document is a missing target (404)", async ({ client }) => {
    const user = await createUser()
    const other = await createUser()
    const doc = await createDocument({ visibility: 'private', ownerId: other.id })
    const note = await createNote(client, user, { title: 'N' })
    const response = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
      target_type: 'document',
      target_id: String(doc.id),
    })
    response.assertStatus(404)
  })

  test('PATCH reference updates context, order, date and archived status', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument()
    const note = await createNote(client, user, {
      title: 'N',
      references: [{ target_type: 'document', target_id: String(doc.id) }],
    })
    const refId = note.references[0].id
    const response = await api(client, user).patch(
      urlFor('api.notes.references.update', { id: note.id, referenceId: refId }),
      { context: 'new context', order: 7, date: '2031-01-01', status: 'archived' }
    )
    response.assertStatus(200)
    assert.equal(response.body().context, 'new context')
    assert.equal(response.body().order, 7)
    assert.equal(response.body().date, '2031-01-01')
    assert.equal(response.body().status, 'archived')
    assert.match(response.body().archived_at, /Z$/)
    const restore = await api(client, user).patch(
      urlFor('api.notes.references.update', { id: note.id, referenceId: refId }),
      { archived: false }
    )
    assert.equal(restore.body().status, 'active')
    assert.isNull(restore.body().archived_at)
    const bad = await api(client, user).patch(
      urlFor('api.notes.references.update', { id: note.id, referenceId: refId }),
      { context: 'a'.repeat(1001) }
    )
    bad.assertStatus(400)
  })

  test('DELETE reference archives it (archived_at set, row kept), 200 with the record', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument()
    const note = await createNote(client, user, {
      title: 'N',
      references: [{ target_type: 'document', target_id: String(doc.id) }],
    })
    const refId = note.references[0].id
    const response = await api(client, user).delete(
      urlFor('api.notes.references.destroy', { id: note.id, referenceId: refId })
    )
    response.assertStatus(200)
    assert.equal(response.body().id, refId)
    assert.equal(response.body().status, 'archived')
    assert.match(response.body().archived_at, /Z$/)
    const row = await db.from('structured_note_references').where('id', Number(refId)).first()
    assert.isNotNull(row)
    assert.isNotNull(row.archived_at)
  })

  test('a hard-deleted document keeps the reference with null target id and slug, access_state unavailable (SPEC E)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const doc = await createDocument({ accessLevel: 'premium', ownerId: user.id })
    const note = await createNote(client, user, {
      title: 'N',
      references: [{ target_type: 'document', target_id: String(doc.id), context: 'keep me' }],
    })
    assert.equal(note.references[0].target_slug, doc.slug)
    const deleted = await api(client, user).delete(urlFor('api.my.documents.destroy', { id: doc.id }))
    deleted.assertStatus(200)
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    fetched.assertStatus(200)
    const ref = fetched.body().references[0]
    assert.equal(ref.id, note.references[0].id)
    assert.isNull(ref.target_id)
    assert.equal(ref.access_state, 'unavailable')
    assert.equal(ref.access_state_snapshot, 'premium')
    assert.equal(ref.context, 'keep me')
    assert.isNull(ref.target_slug)
    const row = await db.from('structured_note_references').where('id', Number(ref.id)).first()
    assert.isNull(row.document_id)
    assert.isNull(row.target_slug)
  })

  test('hard-deleted course and institution read unavailable too', async ({ client, assert }) => {
    const user = await createUser()
    const inst = await createInstitution()
    const course = await createCourse({ institutionId: inst.id })
    const note = await createNote(client, user, {
      title: 'N',
      references: [
        { target_type: 'course', target_id: String(course.id) },
        { target_type: 'institution', target_id: String(inst.id) },
      ],
    })
    await db.from('courses').where('id', course.id).delete()
    await db.from('institutions').where('id', inst.id).delete()
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.deepEqual(
      fetched.body().references.map((r: any) => [r.target_id, r.target_slug, r.access_state]),
      [
        [null, null, 'unavailable'],
        [null, null, 'unavailable'],
      ]
    )
  })

  test('live access_state follows the document while the snapshot keeps the old level', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument({ accessLevel: 'free' })
    const note = await createNote(client, user, {
      title: 'N',
      references: [{ target_type: 'document', target_id: doc.id }],
    })
    await db.from('documents').where('id', doc.id).update({ access_level: 'locked' })
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.equal(fetched.body().references[0].access_state, 'locked')
    assert.equal(fetched.body().references[0].access_state_snapshot, 'free')
  })
})

test.group('Notes API / canvas bounds (CONTRACT 7)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PATCH canvas saves the layout', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'N' })
    const response = await api(client, user).patch(urlFor('api.notes.canvas', { id: note.id }), {
      x: -100000,
      y: 100000,
      width: 40,
      height: 4000,
      group_label: 'Exams',
    })
    response.assertStatus(200)
    assert.deepEqual(response.body().canvas, { x: -100000, y: 100000, width: 40, height: 4000, group_label: 'Exams' })
  })

  test('NaN, huge, out-of-range and string values are 400 and the previous layout is kept', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const note = await createNote(client, user, {
      title: 'N',
      canvas: { x: 1.5, y: 2, width: 300, height: 200, group_label: 'G' },
    })
    const bad: Array<Record<string, unknown>> = [
      { x: 100001, y: 0, width: 100, height: 100 },
      { x: 0, y: -100001, width: 100, height: 100 },
      { x: 0, y: 0, width: 39, height: 100 },
      { x: 0, y: 0, width: 100, height: 4001 },
      { x: 1e308, y: 0, width: 100, height: 100 },
      { x: '10', y: 0, width: 100, height: 100 },
      { x: 'NaN', y: 0, width: 100, height: 100 },
      { x: null, y: 0, width: 100, height: 100 },
      { x: 0, y: 0, width: 100 },
      { x: 0, y: 0, width: 100, height: 100, group_label: 'a'.repeat(61) },
    ]
    for (const body of bad) {
      const response = await api(client, user).patch(urlFor('api.notes.canvas', { id: note.id }), body)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST')
    }
    // Raw NaN / Infinity / 1e999 literals are not JSON: 400 as well.
    for (const raw of [
      '{"x": NaN, "y": 0, "width": 100, "height": 100}',
      '{"x": 1e999, "y": 0, "width": 100, "height": 100}',
      '{"x": Infinity}',
    ]) {
      const response = await client
        .patch(urlFor('api.notes.canvas', { id: note.id }))
        .loginAs(user)
        .withCsrfToken()
        .unsafeJson(raw)
      response.assertStatus(400)
    }
    const fetched = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.deepEqual(fetched.body().canvas, { x: 1.5, y: 2, width: 300, height: 200, group_label: 'G' })
  })

  test('invalid canvas on POST /api/notes is 400 and creates nothing', async ({ client, assert }) => {
    const user = await createUser()
    const response = await api(client, user).post(urlFor('api.notes.store'), {
      title: 'x',
      canvas: { x: 0, y: 0, width: 1, height: 1 },
    })
    response.assertStatus(400)
    const count = await db.from('structured_notes').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(count.total), 0)
  })
})

test.group('Notes API / list: page, limit, q, status, has_deadline, sort', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('pagination meta and limits (default 20, max 100)', async ({ client, assert }) => {
    const user = await createUser()
    for (let i = 0; i < 23; i++)
      await StructuredNote.create({
        userId: user.id,
        title: `Note ${i}`,
        body: '',
        status: 'active',
        searchText: `note ${i}`,
      })
    const first = await client.get(urlFor('api.notes.index')).loginAs(user)
    first.assertStatus(200)
    assert.lengthOf(first.body().data, 20)
    assert.deepEqual(first.body().meta, { total: 23, page: 1, limit: 20, last_page: 2 })
    const second = await client.get(urlFor('api.notes.index', {}, { qs: { page: '2', limit: '20' } })).loginAs(user)
    assert.lengthOf(second.body().data, 3)
    const past = await client.get(urlFor('api.notes.index', {}, { qs: { page: '9' } })).loginAs(user)
    past.assertStatus(200)
    assert.lengthOf(past.body().data, 0)
    for (const qs of [
      'limit=101',
      'limit=0',
      'page=0',
      'page=abc',
      'status=gone',
      'has_deadline=yes',
      'sort=owner',
      'sort=--title',
    ]) {
      const response = await client.get(`/api/notes?${qs}`).loginAs(user)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST')
    }
  })

  test('q is a case-insensitive substring over title, body and reference context', async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const doc = await createDocument()
    const byTitle = await createNote(client, user, { title: 'Photosynthesis basics' })
    const byBody = await createNote(client, user, { title: 'Biology', body: 'the PHOTOSYNTHESIS cycle' })
    const byContext = await createNote(client, user, {
      title: 'Reading',
      references: [{ target_type: 'document', target_id: String(doc.id), context: 'see photosynthesis diagram' }],
    })
    await createNote(client, user, { title: 'Unrelated', body: 'chemistry' })
    await createNote(client, other, { title: 'Photosynthesis of another user' })
    const response = await client.get(urlFor('api.notes.index', {}, { qs: { q: 'PhotoSynth' } })).loginAs(user)
    response.assertStatus(200)
    assert.sameMembers(
      response.body().data.map((n: any) => n.id),
      [byTitle.id, byBody.id, byContext.id]
    )
    assert.equal(response.body().meta.total, 3)
    const short = await client.get(urlFor('api.notes.index', {}, { qs: { q: 'ph' } })).loginAs(user)
    assert.includeMembers(
      short.body().data.map((n: any) => n.id),
      [byTitle.id, byBody.id, byContext.id]
    )
    const wildcard = await client.get('/api/notes?q=%25').loginAs(user)
    assert.lengthOf(wildcard.body().data, 0)

    // Context added later through the references route is searchable too.
    const later = await createNote(client, user, { title: 'Later' })
    await api(client, user).post(urlFor('api.notes.references.store', { id: later.id }), {
      target_type: 'document',
      target_id: String(doc.id),
      context: 'Mitochondria',
    })
    const mito = await client.get(urlFor('api.notes.index', {}, { qs: { q: 'mitochondria' } })).loginAs(user)
    assert.deepEqual(
      mito.body().data.map((n: any) => n.id),
      [later.id]
    )
  })

  test('has_deadline filter and sort orders', async ({ client, assert }) => {
    const user = await createUser()
    const b = await createNote(client, user, { title: 'banana', deadline_at: '2030-01-02T00:00:00Z' })
    const a = await createNote(client, user, { title: 'Apple', deadline_at: '2030-01-03T00:00:00Z' })
    const c = await createNote(client, user, { title: 'cherry' })
    const withDeadline = await client.get(urlFor('api.notes.index', {}, { qs: { has_deadline: 'true' } })).loginAs(user)
    assert.sameMembers(
      withDeadline.body().data.map((n: any) => n.id),
      [a.id, b.id]
    )
    const without = await client.get(urlFor('api.notes.index', {}, { qs: { has_deadline: 'false' } })).loginAs(user)
    assert.deepEqual(
      without.body().data.map((n: any) => n.id),
      [c.id]
    )
    const byTitle = await client.get(urlFor('api.notes.index', {}, { qs: { sort: 'title' } })).loginAs(user)
    assert.deepEqual(
      byTitle.body().data.map((n: any) => n.title),
      ['Apple', 'banana', 'cherry']
    )
    const byTitleDesc = await client.get(urlFor('api.notes.index', {}, { qs: { sort: '-title' } })).loginAs(user)
    assert.deepEqual(
      byTitleDesc.body().data.map((n: any) => n.title),
      ['cherry', 'banana', 'Apple']
    )
    const byDeadline = await client.get(urlFor('api.notes.index', {}, { qs: { sort: 'deadline_at' } })).loginAs(user)
    assert.deepEqual(
      byDeadline.body().data.map((n: any) => n.id),
      [b.id, a.id, c.id]
    )
    const byDeadlineDesc = await client
      .get(urlFor('api.notes.index', {}, { qs: { sort: '-deadline_at' } }))
      .loginAs(user)
    assert.deepEqual(
      byDeadlineDesc.body().data.map((n: any) => n.id),
      [a.id, b.id, c.id]
    )
    await db.from('structured_notes').where('id', Number(b.id)).update({ updated_at: '2040-01-01 00:00:00' })
    const byUpdated = await client.get(urlFor('api.notes.index')).loginAs(user)
    assert.equal(byUpdated.body().data[0].id, b.id)
    const byCreated = await client.get(urlFor('api.notes.index', {}, { qs: { sort: 'created_at' } })).loginAs(user)
    assert.lengthOf(byCreated.body().data, 3)
  })
})

test.group('Notes page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('anonymous visitors of /notes are sent to /login?next=/notes', async ({ client, assert }) => {
    const response = await client.get(urlFor('notes.index')).header('accept', 'text/html').redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), '/login?next=%2Fnotes')
  })

  test("/notes server-renders the signed-in user's notes", async ({ client, assert }) => {
    const user = await createUser()
    await createNote(client, user, { title: 'Rendered on the server' })
    const response = await client.get(urlFor('notes.index')).header('accept', 'text/html').loginAs(user)
    response.assertStatus(200)
    assert.include(response.text(), 'Rendered on the server')
    assert.include(response.text(), 'data-server-rendered="true"')
  })

  test('each note has its own page (notes.show); a foreign, missing or malformed id is 404', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const other = await createUser()
    const note = await createNote(client, user, { title: 'Its own address' })
    const own = await client
      .get(urlFor('notes.show', { id: note.id }))
      .header('accept', 'text/html')
      .loginAs(user)
    own.assertStatus(200)
    assert.include(own.text(), 'Its own address')
    for (const [who, path] of [
      [other, `/notes/${note.id}`],
      [user, '/notes/999999'],
      [user, '/notes/2147483648'],
      [user, '/notes/abc'],
    ] as const) {
      ;(await client.get(path).header('accept', 'text/html').loginAs(who)).assertStatus(404)
    }
  })

  test('/notes/new and /notes/canvas are pages of their own; the canvas carries the notes', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await createNote(client, user, { title: 'A card on the board' })
    ;(await client.get(urlFor('notes.create')).header('accept', 'text/html').loginAs(user)).assertStatus(200)
    const canvas = await client.get(urlFor('notes.canvas')).header('accept', 'text/html').loginAs(user)
    canvas.assertStatus(200)
    assert.include(canvas.text(), 'A card on the board')
  })

  test('the addresses of the single-page version redirect to the pages', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'Old address' })
    const cases: Array<[string, string]> = [
      [`/notes?note=${note.id}`, `/notes/${note.id}`],
      ['/notes?mode=canvas', '/notes/canvas'],
      ['/notes?mode=editor', '/notes/new'],
    ]
    for (const [from, to] of cases) {
      const response = await client.get(from).header('accept', 'text/html').loginAs(user).redirects(0)
      response.assertStatus(302)
      assert.equal(response.header('location'), to)
    }
  })
})
