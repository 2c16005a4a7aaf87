import { test } from '@japa/runner'
import { createNote, noteCount } from '#tests/support/notes'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import StructuredNote from '#models/structured_note'
import { urlFor } from '@adonisjs/core/services/url_builder'

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

  test('NaN, huge, out-of-range and string values are 400; the layout is kept', async ({ client, assert }) => {
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
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
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
    assert.equal(await noteCount(user.id), 0)
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
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
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

  test('each note has its own page; a foreign, missing or malformed id is 404', async ({ client, assert }) => {
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

  test('/notes/new and /notes/canvas are pages; the canvas carries the notes', async ({ client, assert }) => {
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
