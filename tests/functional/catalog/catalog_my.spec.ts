import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import Course from '#models/course'
import Document from '#models/document'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Catalog API / own documents and courses (CONTRACT 5, 13)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("GET /api/my/documents lists only the caller's documents, private ones included", async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const mine = await createDocument({ ownerId: user.id, visibility: 'private', title: 'My notes' })
    await createDocument({ ownerId: other.id, title: 'Their notes' })
    await createDocument({ title: 'Catalog doc' })
    const response = await client.get(urlFor('api.my.documents.index')).loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((d: any) => d.id),
      [String(mine.id)]
    )
    assert.equal(response.body().data[0].visibility, 'private')
    assert.deepEqual(response.body().meta, { total: 1, page: 1, limit: 20, last_page: 1 })
  })

  test('GET /api/my/documents carries ingest_status, size_bytes and created_at', async ({ client, assert }) => {
    const user = await createUser()
    await createDocument({ ownerId: user.id, visibility: 'private', sizeBytes: 2048 })
    await createDocument({ ownerId: user.id, sizeBytes: null })
    const response = await client.get(urlFor('api.my.documents.index')).loginAs(user)
    response.assertStatus(200)
    const [withoutSize, withSize] = response.body().data
    assert.equal(withSize.size_bytes, 2048)
    assert.isNull(withoutSize.size_bytes)
    assert.equal(withSize.ingest_status, 'ready')
    assert.match(withSize.created_at, /Z$/)
  })

  test("GET /api/my/courses lists only the caller's courses", async ({ client, assert }) => {
    const user = await createUser()
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    await createCourse()
    const response = await client.get(urlFor('api.my.courses.index')).loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((c: any) => c.id),
      [String(course.id)]
    )
  })

  test('own routes answer 401 without a session', async ({ client }) => {
    ;(await client.get(urlFor('api.my.documents.index'))).assertStatus(401)
    const response = await client.get(urlFor('api.my.courses.index'))
    response.assertStatus(401)
    response.assertBody({ code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 })
  })

  test('POST /api/my/courses creates a private course with a unique slug', async ({ client, assert }) => {
    const user = await createUser()
    const first = await api(client, user).post(urlFor('api.my.courses.store'), {
      title: 'Linear Algebra',
      description: 'Vectors',
    })
    first.assertStatus(201)
    assert.equal(first.body().title, 'Linear Algebra')
    assert.equal(first.body().description, 'Vectors')
    assert.equal(first.body().visibility, 'private')
    assert.equal(first.body().document_count, 0)
    assert.isNull(first.body().institution)
    assert.equal(first.body().slug, 'linear-algebra')
    const second = await api(client, user).post(urlFor('api.my.courses.store'), { title: 'Linear Algebra' })
    second.assertStatus(201)
    assert.notEqual(second.body().slug, first.body().slug)
    assert.isAtMost(second.body().slug.length, 200)
    const row = await Course.findOrFail(Number(first.body().id))
    assert.equal(row.ownerId, user.id)
    // a private course is not in the public list
    const list = await client.get(urlFor('api.courses.index'))
    assert.notInclude(
      list.body().data.map((c: any) => c.id),
      first.body().id
    )
  })

  test('POST /api/my/courses validates the title (400) and needs the CSRF token (403)', async ({ client, assert }) => {
    const user = await createUser()
    const empty = await api(client, user).post(urlFor('api.my.courses.store'), { title: '   ' })
    assertErrorBody(assert, empty, 400, 'BAD_REQUEST')
    ;(await api(client, user).post(urlFor('api.my.courses.store'), { title: 'x'.repeat(201) })).assertStatus(400)
    ;(await client.post(urlFor('api.my.courses.store')).json({ title: 'No token' }).loginAs(user)).assertStatus(403)
  })

  test("a course's document_count counts its owner's private documents for the owner only", async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const privateCourse = await createCourse({ ownerId: owner.id, visibility: 'private' })
    const publicCourse = await createCourse({ ownerId: owner.id })
    await createDocument({ ownerId: owner.id, visibility: 'private', courseId: privateCourse.id })
    await createDocument({ ownerId: owner.id, visibility: 'private', courseId: publicCourse.id })
    await createDocument({ ownerId: owner.id, courseId: publicCourse.id })
    const count = async (slug: string, viewer?: any) => {
      const request = client.get(urlFor('api.courses.show', { slug }))
      const response = await (viewer ? request.loginAs(viewer) : request)
      return response.status() === 200 ? response.body().document_count : response.status()
    }
    assert.equal(await count(privateCourse.slug, owner), 1)
    assert.equal(await count(privateCourse.slug, other), 404)
    assert.equal(await count(publicCourse.slug, owner), 2)
    assert.equal(await count(publicCourse.slug, other), 1)
    assert.equal(await count(publicCourse.slug), 1)
  })

  test("DELETE /api/my/documents/:id hard-deletes an owned document; others' are 404", async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const mine = await createDocument({ ownerId: user.id }, ['text'])
    const theirs = await createDocument({ ownerId: other.id })
    const catalog = await createDocument({})

    const refused = await api(client, user).delete(urlFor('api.my.documents.destroy', { id: theirs.id }))
    assertErrorBody(assert, refused, 404, 'NOT_FOUND')
    ;(await api(client, user).delete(urlFor('api.my.documents.destroy', { id: catalog.id }))).assertStatus(404)
    ;(await api(client, user).delete(urlFor('api.my.documents.destroy', { id: '999999' }))).assertStatus(404)
    ;(await api(client, user).delete(urlFor('api.my.documents.destroy', { id: 'abc' }))).assertStatus(404)
    assert.isNotNull(await Document.find(theirs.id))

    const deleted = await api(client, user).delete(urlFor('api.my.documents.destroy', { id: mine.id }))
    deleted.assertStatus(200)
    assert.isNull(await Document.find(mine.id))
    ;(await client.get(urlFor('api.documents.show', { slug: mine.slug }))).assertStatus(404)
  })
})

test.group('Catalog API / owner delete leaves nothing behind (CONTRACT 13)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('DELETE /api/my/documents/:id removes the chunks and the uploaded file too', async ({ client, assert }) => {
    const { default: drive } = await import('@adonisjs/drive/services/main')
    const { default: DocumentChunk } = await import('#models/document_chunk')
    const user = await createUser()
    const key = `documents/${user.id}/catalog-delete-test.txt`
    await drive.use().put(key, 'uploaded bytes')
    const mine = await createDocument({ ownerId: user.id, fileKey: key, visibility: 'private' }, [
      'first chunk',
      'second chunk',
    ])

    const response = await api(client, user).delete(urlFor('api.my.documents.destroy', { id: mine.id }))
    response.assertStatus(200)
    assert.isNull(await Document.find(mine.id))
    assert.lengthOf(await DocumentChunk.query().where('document_id', mine.id), 0)
    assert.isFalse(await drive.use().exists(key))
  })
})

/* No global transaction here: on PostgreSQL a failed insert aborts the enclosing transaction,
 * while production creates run on their own, which is what this test must exercise. */
test.group('Catalog / concurrent course creation', () => {
  test('creates of the same title at the same moment all succeed with distinct slugs', async ({ assert, cleanup }) => {
    const { CatalogService } = await import('#services/catalog/catalog_service')
    const { CatalogSearchService } = await import('#services/catalog/catalog_search_service')
    const catalogService = new CatalogService(new CatalogSearchService())
    const user = await createUser()
    cleanup(async () => {
      await Course.query().where('owner_id', user.id).delete()
      await user.delete()
    })
    const courses = await Promise.all(
      Array.from({ length: 4 }, () => catalogService.createMyCourse(user.id, { title: 'Race Condition Course' }))
    )
    const slugs = courses.map((course) => course.slug)
    assert.lengthOf(new Set(slugs), 4)
    assert.include(slugs, 'race-condition-course')
    assert.equal(
      await Course.query()
        .where('owner_id', user.id)
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      4
    )
  })
})
