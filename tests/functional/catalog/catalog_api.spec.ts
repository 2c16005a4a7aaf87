import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

test.group('Catalog API / shapes (CONTRACT 5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('institution list and by-slug carry exactly the contract fields and counts', async ({ client, assert }) => {
    const institution = await createInstitution({
      name: 'Alpha University',
      description: 'A university.',
      city: 'Lisbon',
      country: 'Portugal',
    })
    const course = await createCourse({ institutionId: institution.id })
    await createCourse({ institutionId: institution.id, visibility: 'private' })
    await createDocument({ courseId: course.id })
    await createDocument({ courseId: course.id })
    await createDocument({ courseId: course.id, visibility: 'private' })

    const list = await client.get(urlFor('api.institutions.index'))
    list.assertStatus(200)
    const body = list.body()
    assert.deepEqual(Object.keys(body).sort(), ['data', 'meta'])
    assert.deepEqual(body.meta, { total: 1, page: 1, limit: 20, last_page: 1 })
    const item = body.data[0]
    assert.deepEqual(Object.keys(item).sort(), [
      'city',
      'country',
      'course_count',
      'description',
      'document_count',
      'id',
      'name',
      'slug',
      'updated_at',
      'visibility',
    ])
    assert.equal(item.id, String(institution.id))
    assert.equal(item.course_count, 1)
    assert.equal(item.document_count, 2)
    assert.equal(item.visibility, 'public')
    assert.match(item.updated_at, ISO_Z)

    const show = await client.get(urlFor('api.institutions.show', { slug: institution.slug }))
    show.assertStatus(200)
    assert.deepEqual(show.body(), item)
  })

  test('course shape nests the institution as { id, slug, name } or null', async ({ client, assert }) => {
    const institution = await createInstitution({ name: 'Beta College' })
    const course = await createCourse({
      institutionId: institution.id,
      code: 'MATH 101',
      title: 'Linear Algebra',
      description: 'Vectors.',
    })
    await createDocument({ courseId: course.id })
    const orphan = await createCourse({ title: 'Orphan course' })

    const list = await client.get(urlFor('api.courses.index', {}, { qs: { sort: 'title' } }))
    list.assertStatus(200)
    const [first, second] = list.body().data
    assert.deepEqual(Object.keys(first).sort(), [
      'code',
      'description',
      'document_count',
      'id',
      'institution',
      'slug',
      'title',
      'updated_at',
      'visibility',
    ])
    assert.deepEqual(first.institution, { id: String(institution.id), slug: institution.slug, name: 'Beta College' })
    assert.equal(first.document_count, 1)
    assert.equal(second.id, String(orphan.id))
    assert.isNull(second.institution)

    const show = await client.get(urlFor('api.courses.show', { slug: course.slug }))
    show.assertStatus(200)
    assert.deepEqual(show.body(), first)
  })

  test('documents nest the course { id, slug, title }; by-slug adds can_read_full', async ({ client, assert }) => {
    const course = await createCourse({ title: 'Organic Chemistry' })
    const document = await createDocument(
      {
        courseId: course.id,
        title: 'Reaction mechanisms',
        topicTags: ['chemistry', 'mechanisms'],
        seoContent: 'SEO',
        pageCount: 7,
      },
      ['First chunk. It has two sentences.', 'Second chunk.']
    )
    const list = await client.get(urlFor('api.documents.index'))
    list.assertStatus(200)
    const item = list.body().data[0]
    assert.deepEqual(Object.keys(item).sort(), [
      'access_level',
      'course',
      'description',
      'id',
      'page_count',
      'seo_content',
      'slug',
      'title',
      'topic_tags',
      'updated_at',
      'visibility',
    ])
    assert.deepEqual(item.course, { id: String(course.id), slug: course.slug, title: 'Organic Chemistry' })
    assert.deepEqual(item.topic_tags, ['chemistry', 'mechanisms'])
    assert.equal(item.page_count, 7)
    assert.equal(item.access_level, 'free')

    const show = await client.get(urlFor('api.documents.show', { slug: document.slug }))
    show.assertStatus(200)
    assert.isTrue(show.body().can_read_full)
    assert.equal(show.body().text, 'First chunk. It has two sentences.\n\nSecond chunk.')
    assert.notProperty(show.body(), 'preview')
  })

  test('unknown slugs answer 404 with the contract body', async ({ client }) => {
    for (const kind of ['institutions', 'courses', 'documents']) {
      const response = await client.get(`/api/${kind}/no-such-slug`)
      response.assertStatus(404)
      response.assertBodyContains({ code: 'NOT_FOUND', status: 404 })
    }
  })
})

test.group('Catalog API / pagination, sort, limits (CONTRACT 12 catalog lists)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('paginates with meta and answers 200 with empty data past the last page', async ({ client, assert }) => {
    for (let i = 0; i < 5; i++) await createDocument({ title: `Doc ${i}` })
    const page2 = await client.get(urlFor('api.documents.index', {}, { qs: { limit: '2', page: '2', sort: 'title' } }))
    page2.assertStatus(200)
    assert.deepEqual(page2.body().meta, { total: 5, page: 2, limit: 2, last_page: 3 })
    assert.deepEqual(
      page2.body().data.map((d: any) => d.title),
      ['Doc 2', 'Doc 3']
    )

    const newest = await client.get(urlFor('api.documents.index', {}, { qs: { limit: '2' } }))
    assert.deepEqual(
      newest.body().data.map((d: any) => d.title),
      ['Doc 4', 'Doc 3'],
      'without sort: newest first'
    )

    const past = await client.get(urlFor('api.documents.index', {}, { qs: { limit: '2', page: '9' } }))
    past.assertStatus(200)
    assert.deepEqual(past.body().data, [])
    assert.equal(past.body().meta.total, 5)
  })

  test('default limit is 20, 100 is allowed and 101 is 400', async ({ client, assert }) => {
    for (let i = 0; i < 21; i++) await createInstitution()
    const first = await client.get(urlFor('api.institutions.index'))
    assert.lengthOf(first.body().data, 20)
    assert.equal(first.body().meta.limit, 20)
    ;(await client.get(urlFor('api.institutions.index', {}, { qs: { limit: '100' } }))).assertStatus(200)
    const tooMany = await client.get(urlFor('api.institutions.index', {}, { qs: { limit: '101' } }))
    tooMany.assertStatus(400)
    tooMany.assertBodyContains({ code: 'BAD_REQUEST', status: 400 })
  })

  test('bad sort and bad page answer 400', async ({ client }) => {
    ;(await client.get(urlFor('api.documents.index', {}, { qs: { sort: 'name' } }))).assertStatus(400)
    ;(await client.get(urlFor('api.institutions.index', {}, { qs: { sort: 'title' } }))).assertStatus(400)
    ;(await client.get(urlFor('api.courses.index', {}, { qs: { sort: 'password' } }))).assertStatus(400)
    ;(await client.get(urlFor('api.documents.index', {}, { qs: { page: '0' } }))).assertStatus(400)
    ;(await client.get(urlFor('api.documents.index', {}, { qs: { page: 'abc' } }))).assertStatus(400)
    ;(await client.get(urlFor('api.documents.index', {}, { qs: { limit: '0' } }))).assertStatus(400)
  })

  test('sort by name, -name, created_at and -updated_at', async ({ client, assert }) => {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const a = await createInstitution({ name: 'Aalto' })
    await createInstitution({ name: 'Cambridge' })
    await createInstitution({ name: 'Bologna' })
    await db.from('institutions').where('id', a.id).update({ updated_at: '2099-01-01 00:00:00' })
    const names = async (sort: string) =>
      (await client.get(`/api/institutions?sort=${sort}`)).body().data.map((i: any) => i.name)
    assert.deepEqual(await names('name'), ['Aalto', 'Bologna', 'Cambridge'])
    assert.deepEqual(await names('-name'), ['Cambridge', 'Bologna', 'Aalto'])
    assert.deepEqual((await names('-updated_at'))[0], 'Aalto')
    assert.deepEqual((await names('updated_at'))[2], 'Aalto')
    assert.deepEqual(await names('created_at'), ['Aalto', 'Cambridge', 'Bologna'])
  })

  test('q matches whole words, case-insensitively; symbols are separators', async ({ client, assert }) => {
    await createDocument({ title: 'Intro to Thermodynamics' })
    await createDocument({ title: 'Cell biology' })
    await createDocument({ title: '100% pure_fun' })
    const response = await client.get(urlFor('api.documents.index', {}, { qs: { q: 'THERMO' } }))
    assert.deepEqual(
      response.body().data.map((d: any) => d.title),
      ['Intro to Thermodynamics']
    )
    const literal = await client.get(`/api/documents?q=${encodeURIComponent('100% pu')}`)
    assert.deepEqual(
      literal.body().data.map((d: any) => d.title),
      ['100% pure_fun']
    )
    const none = await client.get(urlFor('api.documents.index', {}, { qs: { q: '_' } }))
    assert.deepEqual(none.body().data, [])
  })
})
