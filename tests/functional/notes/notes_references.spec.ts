import { test } from '@japa/runner'
import { createNote, noteReferencingDocument } from '#tests/support/notes'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

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
    assertErrorBody(assert, bad, 400, 'BAD_REQUEST')
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
    const { note, refId } = await noteReferencingDocument(client, user)
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
    const { note, refId } = await noteReferencingDocument(client, user)
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

  test('a hard-deleted document leaves the reference with null target, unavailable', async ({ client, assert }) => {
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

  test('a target its owner made private reads unavailable to others, never its level', async ({ client, assert }) => {
    const owner = await createUser()
    const reader = await createUser()
    const inst = await createInstitution()
    const doc = await createDocument({ ownerId: owner.id, accessLevel: 'free' })
    const course = await createCourse({ ownerId: owner.id, institutionId: inst.id })
    const references = [
      { target_type: 'document', target_id: String(doc.id) },
      { target_type: 'course', target_id: String(course.id) },
      { target_type: 'institution', target_id: String(inst.id) },
    ]
    const theirs = await createNote(client, reader, { title: 'Reader', references })
    const own = await createNote(client, owner, { title: 'Owner', references: references.slice(0, 2) })
    for (const table of ['documents', 'courses', 'institutions'])
      await db.from(table).whereIn('id', [doc.id, course.id, inst.id]).update({ visibility: 'private' })
    const states = async (user: typeof owner, noteId: string) => {
      const show = await client.get(urlFor('api.notes.show', { id: noteId })).loginAs(user)
      const list = await client.get(urlFor('api.notes.index')).loginAs(user)
      const listed = list.body().data.find((n: any) => n.id === noteId)
      assert.deepEqual(listed.references, show.body().references)
      return show.body().references.map((r: any) => r.access_state)
    }
    assert.deepEqual(await states(reader, theirs.id), ['unavailable', 'unavailable', 'unavailable'])
    assert.deepEqual(await states(owner, own.id), ['free', 'free'])
    const added = await api(client, reader).patch(
      urlFor('api.notes.references.update', { id: theirs.id, referenceId: theirs.references[0].id }),
      { context: 'still here' }
    )
    assert.equal(added.body().access_state, 'unavailable')
  })
})
