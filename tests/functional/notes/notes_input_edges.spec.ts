import { test } from '@japa/runner'
import { createNote, noteCount } from '#tests/support/notes'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import StructuredNoteReference from '#models/structured_note_reference'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** Ids past the 32-bit id columns (PostgreSQL `integer`) but still "numeric". */
const HUGE_IDS = ['99999999999999', '2147483648', '1e3', '0x10']

test.group('Notes API / input edges (CONTRACT 2, 7)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PATCH /api/notes/:id with a JSON array body is 400 and changes nothing', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'Keep me' })
    for (const body of [[], [{ title: 'Changed' }]]) {
      const response = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), body)
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.isArray(response.body().errors)
    }
    const after = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.equal(after.body().title, 'Keep me')
    assert.equal(after.body().updated_at, note.updated_at)
  })

  test('PATCH reference with a JSON array body is 400 BAD_REQUEST', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ visibility: 'public' } as any)
    const note = await createNote(client, user, {
      title: 'Refs',
      references: [{ target_type: 'document', target_id: document.id, context: 'ctx' }],
    })
    const ref = note.references[0]
    const response = await api(client, user).patch(
      urlFor('api.notes.references.update', { id: note.id, referenceId: ref.id }),
      [{ context: 'new' }]
    )
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    const row = await db.from('structured_note_references').where('id', ref.id).first()
    assert.equal(row.context, 'ctx')
  })

  test('ids beyond the id column range or not plain digits are 404, never 500', async ({ client }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'n' })
    for (const id of HUGE_IDS) {
      ;(await client.get(urlFor('api.notes.show', { id })).loginAs(user)).assertStatus(404)
      ;(await api(client, user).patch(urlFor('api.notes.update', { id }), { title: 'x' })).assertStatus(404)
      ;(
        await api(client, user).delete(urlFor('api.notes.references.destroy', { id: note.id, referenceId: id }))
      ).assertStatus(404)
    }
  })

  test('a reference target id beyond the id column is a missing target (404)', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'n' })
    for (const targetId of [99999999999999, '99999999999999', 2147483648]) {
      const response = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
        target_type: 'document',
        target_id: targetId,
      })
      response.assertStatus(404)
      const created = await api(client, user).post(urlFor('api.notes.store'), {
        title: 'x',
        references: [{ target_type: 'course', target_id: targetId }],
      })
      created.assertStatus(404)
    }
    assert.equal(await noteCount(user.id), 1)
  })

  test('GET /api/notes loads the references of a page in one query, not per note', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ visibility: 'public' } as any)
    for (let i = 0; i < 20; i++) {
      await createNote(client, user, {
        title: `n${i}`,
        references: [{ target_type: 'document', target_id: document.id, context: `c${i}` }],
      })
    }
    const original = StructuredNoteReference.query
    let calls = 0
    StructuredNoteReference.query = function (this: any, ...args: any[]) {
      calls++
      return original.apply(this, args as any)
    } as any
    try {
      const response = await client.get(urlFor('api.notes.index')).loginAs(user)
      response.assertStatus(200)
      assert.lengthOf(response.body().data, 20)
      assert.isTrue(response.body().data.every((n: any) => n.references.length === 1))
    } finally {
      StructuredNoteReference.query = original
    }
    assert.equal(calls, 1)
  })
})

test.group('Notes API / impossible datetimes (CONTRACT 7, 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a datetime that matches the format but is no real instant is 400, never 500', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'Dated', deadline_at: '2030-01-02T03:04:05Z' })
    // Feb 30 (Date.parse rolls it over to March 1), hour 24:30, and UTC years 0 or 10000
    // (PostgreSQL has no year 0; a five-digit year is no ISO it parses).
    for (const value of [
      '2030-02-30T10:00:00Z',
      '2030-04-31T10:00Z',
      '2030-01-01T24:30:00Z',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30+01:00',
      '9999-12-31T23:00-05:00',
    ]) {
      const created = await api(client, user).post(urlFor('api.notes.store'), { title: 'x', deadline_at: value })
      assertErrorBody(assert, created, 400, 'BAD_REQUEST')
      const patched = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { reminder_at: value })
      patched.assertStatus(400)
    }
    const after = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.isNull(after.body().reminder_at)
    assert.equal(after.body().deadline_at, '2030-01-02T03:04:05.000Z')
    assert.equal(await noteCount(user.id), 1)
  })
})

test.group('Notes API / datetimes read back as sent (SPEC E: stored in UTC)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('milliseconds survive: what Date#toISOString sends is what comes back, on every dialect', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const deadline = '2030-01-02T03:04:05.678Z'
    const note = await createNote(client, user, {
      title: 'Precise',
      deadline_at: deadline,
      reminder_at: '2030-01-01T09:30:00.5+02:00',
    })
    assert.equal(note.deadline_at, deadline)
    assert.equal(note.reminder_at, '2030-01-01T07:30:00.500Z')
    const patched = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), {
      deadline_at: '2030-01-02T03:04:05.001Z',
    })
    assert.equal(patched.body().deadline_at, '2030-01-02T03:04:05.001Z')
    const shown = await client.get(urlFor('api.notes.show', { id: note.id })).loginAs(user)
    assert.equal(shown.body().deadline_at, '2030-01-02T03:04:05.001Z')
    assert.equal(shown.body().reminder_at, '2030-01-01T07:30:00.500Z')
    // Sorting and the deadline filter still read them as instants.
    await createNote(client, user, { title: 'Earlier', deadline_at: '2030-01-02T03:04:05Z' })
    const list = await client
      .get(urlFor('api.notes.index', {}, { qs: { sort: 'deadline_at', has_deadline: 'true' } }))
      .loginAs(user)
    assert.deepEqual(
      list.body().data.map((row: { title: string }) => row.title),
      ['Earlier', 'Precise']
    )
  })
})

test.group('Notes API / writes that commit together (SPEC E)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a reference or note edit that fails half way leaves everything as it was', async ({ client, assert }) => {
    const { NoteSearchService } = await import('#services/notes/note_search_service')
    const user = await createUser()
    const document = await createDocument({ visibility: 'public' } as any)
    const note = await createNote(client, user, {
      title: 'Atomic',
      references: [{ target_type: 'document', target_id: document.id, context: 'first' }],
    })
    const before = await db.from('structured_notes').where('id', note.id).first()
    const original = NoteSearchService.prototype.refreshSearchText
    NoteSearchService.prototype.refreshSearchText = async () => {
      throw new Error('search text write failed')
    }
    try {
      const added = await api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
        target_type: 'document',
        target_id: document.id,
        context: 'second',
      })
      added.assertStatus(500)
      const edited = await api(client, user).patch(
        urlFor('api.notes.references.update', { id: note.id, referenceId: note.references[0].id }),
        { context: 'changed' }
      )
      edited.assertStatus(500)
      const renamed = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), { title: 'Renamed' })
      renamed.assertStatus(500)
    } finally {
      NoteSearchService.prototype.refreshSearchText = original
    }
    const refs = await db.from('structured_note_references').where('note_id', note.id)
    assert.lengthOf(refs, 1)
    assert.equal(refs[0].context, 'first')
    const after = await db.from('structured_notes').where('id', note.id).first()
    assert.equal(after.title, 'Atomic')
    assert.equal(String(after.updated_at), String(before.updated_at))
    assert.equal(after.search_text, before.search_text)
  })
})
