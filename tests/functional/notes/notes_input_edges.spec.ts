import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import StructuredNoteReference from '#models/structured_note_reference'

/** Ids past the 32-bit id columns (PostgreSQL `integer`) but still "numeric". */
const HUGE_IDS = ['99999999999999', '2147483648', '1e3', '0x10']

async function createNote(client: any, user: any, body: Record<string, unknown>) {
  const response = await client.post('/api/notes').json(body).loginAs(user).withCsrfToken()
  response.assertStatus(201)
  return response.body()
}

test.group('Notes API / input edges (CONTRACT 2, 7)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PATCH /api/notes/:id with a JSON array body is 400 BAD_REQUEST and changes nothing', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'Keep me' })
    for (const body of [[], [{ title: 'Changed' }]]) {
      const response = await client.patch(`/api/notes/${note.id}`).json(body).loginAs(user).withCsrfToken()
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST')
      assert.isArray(response.body().errors)
    }
    const after = await client.get(`/api/notes/${note.id}`).loginAs(user)
    assert.equal(after.body().title, 'Keep me')
    assert.equal(after.body().updated_at, note.updated_at)
  })

  test('PATCH reference with a JSON array body is 400 BAD_REQUEST', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ visibility: 'public' } as any)
    const note = await createNote(client, user, { title: 'Refs', references: [{ target_type: 'document', target_id: document.id, context: 'ctx' }] })
    const ref = note.references[0]
    const response = await client.patch(`/api/notes/${note.id}/references/${ref.id}`).json([{ context: 'new' }]).loginAs(user).withCsrfToken()
    response.assertStatus(400)
    assert.equal(response.body().code, 'BAD_REQUEST')
    const row = await db.from('structured_note_references').where('id', ref.id).first()
    assert.equal(row.context, 'ctx')
  })

  test('ids beyond the id column range or not plain digits are 404, never 500', async ({ client }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'n' })
    for (const id of HUGE_IDS) {
      ;(await client.get(`/api/notes/${id}`).loginAs(user)).assertStatus(404)
      ;(await client.patch(`/api/notes/${id}`).json({ title: 'x' }).loginAs(user).withCsrfToken()).assertStatus(404)
      ;(await client.delete(`/api/notes/${note.id}/references/${id}`).loginAs(user).withCsrfToken()).assertStatus(404)
    }
  })

  test('a reference target id beyond the id column range is a missing target (404), never 500', async ({ client, assert }) => {
    const user = await createUser()
    const note = await createNote(client, user, { title: 'n' })
    for (const target_id of [99999999999999, '99999999999999', 2147483648]) {
      const response = await client.post(`/api/notes/${note.id}/references`).json({ target_type: 'document', target_id }).loginAs(user).withCsrfToken()
      response.assertStatus(404)
      const created = await client.post('/api/notes').json({ title: 'x', references: [{ target_type: 'course', target_id }] }).loginAs(user).withCsrfToken()
      created.assertStatus(404)
    }
    const count = await db.from('structured_notes').where('user_id', user.id).count('* as total').first()
    assert.equal(Number(count.total), 1)
  })

  test('GET /api/notes loads the references of a whole page in one query, not one per note', async ({ client, assert }) => {
    const user = await createUser()
    const document = await createDocument({ visibility: 'public' } as any)
    for (let i = 0; i < 20; i++) {
      await createNote(client, user, { title: `n${i}`, references: [{ target_type: 'document', target_id: document.id, context: `c${i}` }] })
    }
    const original = StructuredNoteReference.query
    let calls = 0
    StructuredNoteReference.query = function (this: any, ...args: any[]) {
      calls++
      return original.apply(this, args as any)
    } as any
    try {
      const response = await client.get('/api/notes').loginAs(user)
      response.assertStatus(200)
      assert.lengthOf(response.body().data, 20)
      assert.isTrue(response.body().data.every((n: any) => n.references.length === 1))
    } finally {
      StructuredNoteReference.query = original
    }
    assert.equal(calls, 1)
  })
})
