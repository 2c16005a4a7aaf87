import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import Document from '#models/document'
import Course from '#models/course'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Workspace / own courses and documents (issue 10)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('renames and describes an own course', async ({ client, assert }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const response = await api(client, user).patch(urlFor('api.my.courses.update', { id: course.id }), {
      title: '  Linear Algebra  ',
      description: 'Vectors and matrices',
    })
    response.assertStatus(200)
    response.assertBodyContains({ id: String(course.id), title: 'Linear Algebra', description: 'Vectors and matrices' })
    await course.refresh()
    assert.equal(course.title, 'Linear Algebra')
  })

  test('a course title is 1..200 characters on rename as on create (400 beyond)', async ({ client, assert }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private', title: 'Before' })
    const rename = (title: string) =>
      api(client, user).patch(urlFor('api.my.courses.update', { id: course.id }), { title })
    ;(await rename('x'.repeat(200))).assertStatus(200)
    const tooLong = await rename('y'.repeat(201))
    assertErrorBody(assert, tooLong, 400, 'BAD_REQUEST')
    await course.refresh()
    assert.equal(course.title, 'x'.repeat(200))
  })

  test('another user cannot read, change or delete the course (404)', async ({ client, assert }) => {
    const owner = await createUser()
    const intruder = await createUser()
    const course = await createCourse({ ownerId: owner.id, visibility: 'private', title: 'Mine' })
    ;(await client.get(urlFor('api.my.courses.show', { id: course.id })).loginAs(intruder)).assertStatus(404)
    ;(
      await api(client, intruder).patch(urlFor('api.my.courses.update', { id: course.id }), { title: 'Stolen' })
    ).assertStatus(404)
    ;(await api(client, intruder).delete(urlFor('api.my.courses.destroy', { id: course.id }))).assertStatus(404)
    await course.refresh()
    assert.equal(course.title, 'Mine')
  })

  test('anonymous callers get 401 with the contract body', async ({ client }) => {
    // A caller with no credentials meets the session check before CSRF (csrf_order.spec.ts).
    const response = await client.patch(urlFor('api.my.courses.update', { id: '1' })).json({ title: 'x' })
    response.assertStatus(401)
    response.assertBody({ code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 })
    const read = await client.get(urlFor('api.my.courses.show', { id: '1' }))
    read.assertStatus(401)
    read.assertBody({ code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 })
  })

  test('adds and removes an own document; foreign documents are refused', async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const mine = await createDocument({ ownerId: user.id, visibility: 'private' })
    const theirs = await createDocument({ ownerId: other.id, visibility: 'private' })

    const add = await api(client, user).post(
      urlFor('api.my.courses.documents.add', { id: course.id, documentId: mine.id })
    )
    add.assertStatus(200)
    await mine.refresh()
    assert.equal(mine.courseId, course.id)

    const show = await client.get(urlFor('api.my.courses.show', { id: course.id })).loginAs(user)
    show.assertStatus(200)
    assert.deepEqual(
      show.body().documents.map((d: any) => d.id),
      [String(mine.id)]
    )
    assert.equal(show.body().documents[0].access_level, 'free')

    const foreign = await api(client, user).post(
      urlFor('api.my.courses.documents.add', { id: course.id, documentId: theirs.id })
    )
    foreign.assertStatus(404)
    await theirs.refresh()
    assert.isNull(theirs.courseId)

    const remove = await api(client, user).delete(
      urlFor('api.my.courses.documents.remove', { id: course.id, documentId: mine.id })
    )
    remove.assertStatus(200)
    await mine.refresh()
    assert.isNull(mine.courseId)
  })

  test('deleting a course keeps its documents', async ({ client, assert }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const doc = await createDocument({ ownerId: user.id, courseId: course.id, visibility: 'private' })
    const response = await api(client, user).delete(urlFor('api.my.courses.destroy', { id: course.id }))
    response.assertStatus(200)
    assert.isNull(await Course.find(course.id))
    const kept = await Document.findOrFail(doc.id)
    assert.isNull(kept.courseId)
  })

  test('toggles the visibility of an own document and validates input', async ({ client, assert }) => {
    const user = await createUser()
    const doc = await createDocument({ ownerId: user.id, visibility: 'private' })
    const ok = await api(client, user).patch(urlFor('api.my.documents.update', { id: doc.id }), {
      visibility: 'public',
    })
    ok.assertStatus(200)
    ok.assertBodyContains({ visibility: 'public' })
    const bad = await api(client, user).patch(urlFor('api.my.documents.update', { id: doc.id }), {
      visibility: 'everyone',
    })
    bad.assertStatus(400)
    bad.assertBodyContains({ code: 'BAD_REQUEST', status: 400 })
    assert.equal(bad.body().errors[0].field, 'visibility')
    await doc.refresh()
    assert.equal(doc.visibility, 'public')
  })

  test('workspace pages require sign-in; /warning is public and noindex', async ({ client, assert }) => {
    const anonymous = await client.get(urlFor('pages.workspace.dashboard')).redirects(0)
    anonymous.assertStatus(302)
    assert.include(anonymous.header('location'), '/login?next=%2Fdashboard')
    const warning = await client.get(urlFor('pages.warning', {}, { qs: { reason: 'blocked' } }))
    warning.assertStatus(200)
    assert.equal(warning.header('x-robots-tag'), 'noindex, nofollow')
    assert.include(warning.text(), 'Access blocked')
    const unauthorized = await client.get(urlFor('pages.unauthorized'))
    unauthorized.assertStatus(403)
    assert.include(unauthorized.text(), 'Access denied')
    const health = await client.get(urlFor('api.health'))
    health.assertBody({ ok: true })
    const user = await createUser()
    const dashboard = await client.get(urlFor('pages.workspace.dashboard')).loginAs(user)
    dashboard.assertStatus(200)
    assert.include(dashboard.text(), 'Welcome back')
  })
})

test.group('Workspace / bad input and scoping (review)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('ids past the id column range → 404, a course_id past it → 400; never 500', async ({ client }) => {
    const user = await createUser()
    const mine = await createDocument({ ownerId: user.id, visibility: 'private' })
    ;(await client.get(urlFor('api.my.courses.show', { id: '99999999999' })).loginAs(user)).assertStatus(404)
    ;(
      await api(client, user).post(urlFor('api.my.courses.documents.add', { id: '99999999999', documentId: mine.id }))
    ).assertStatus(404)
    ;(
      await api(client, user).patch(urlFor('api.my.documents.update', { id: '99999999999' }), { title: 'x' })
    ).assertStatus(404)
    const response = await api(client, user).patch(urlFor('api.my.documents.update', { id: mine.id }), {
      course_id: 99999999999,
    })
    response.assertStatus(400)
    response.assertBodyContains({ code: 'BAD_REQUEST', status: 400 })
  })

  test('an id spelled other than in plain digits names nothing (404), as on every other /api route', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private', title: 'Kept' })
    const doc = await createDocument({ ownerId: user.id, visibility: 'private', title: 'Kept' })
    // `Number()` reads each of these as the row's id: one course or document under many addresses.
    const spellings = (id: number) => [`0x${id.toString(16)}`, `${id}.0`, `${id}e0`, `%20${id}`, `0${id}`]
    for (const id of spellings(course.id)) {
      const show = await client.get(`/api/my/courses/${id}`).loginAs(user)
      assertErrorBody(assert, show, 404, 'NOT_FOUND')
      const rename = await api(client, user).patch(`/api/my/courses/${id}`, { title: 'Renamed' })
      assertErrorBody(assert, rename, 404, 'NOT_FOUND')
      const add = await api(client, user).post(`/api/my/courses/${id}/documents/${doc.id}`)
      assertErrorBody(assert, add, 404, 'NOT_FOUND')
    }
    for (const id of spellings(doc.id)) {
      const rename = await api(client, user).patch(`/api/my/documents/${id}`, { title: 'Renamed' })
      assertErrorBody(assert, rename, 404, 'NOT_FOUND')
      const add = await api(client, user).post(`/api/my/courses/${course.id}/documents/${id}`)
      assertErrorBody(assert, add, 404, 'NOT_FOUND')
    }
    await course.refresh()
    await doc.refresh()
    assert.deepEqual([course.title, doc.title, doc.courseId], ['Kept', 'Kept', null])
  })

  test("a course lists only its owner's documents", async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const mine = await createDocument({ ownerId: user.id, visibility: 'private', courseId: course.id })
    await createDocument({ ownerId: other.id, visibility: 'private', courseId: course.id })
    const show = await client.get(urlFor('api.my.courses.show', { id: course.id })).loginAs(user)
    show.assertStatus(200)
    assert.deepEqual(
      show.body().documents.map((d: any) => d.id),
      [String(mine.id)]
    )
  })
})
