import { test } from '@japa/runner'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

/** A document's JSON as read signed out and by another signed-in user (neither owns it). */
async function readsByOthers(client: ApiClient, other: User, slug: string) {
  const url = urlFor('api.documents.show', { slug })
  return [(await client.get(url)).body(), (await client.get(url).loginAs(other)).body()]
}

test.group('Catalog API / shapes (CONTRACT 5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('institution list and by-slug carry exactly the contract fields with public counts', async ({
    client,
    assert,
  }) => {
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

  test('document shape nests the course as { id, slug, title } and by-slug adds can_read_full and text', async ({
    client,
    assert,
  }) => {
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

  test('q matches words, case-insensitively; symbols are separators (issue 26 replaced the substring match)', async ({
    client,
    assert,
  }) => {
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

test.group('Catalog API / visibility (CONTRACT 5, 12)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('private rows are hidden from public lists', async ({ client, assert }) => {
    await createInstitution({ name: 'Hidden', visibility: 'private' })
    await createCourse({ title: 'Hidden course', visibility: 'private' })
    await createDocument({ title: 'Hidden doc', visibility: 'private' })
    for (const kind of ['institutions', 'courses', 'documents']) {
      const body = (await client.get(`/api/${kind}`)).body()
      assert.equal(body.meta.total, 0, kind)
      assert.deepEqual(body.data, [])
    }
  })

  test('a private document or course by slug is 404 except for its owner', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const course = await createCourse({ ownerId: owner.id, visibility: 'private' })
    const document = await createDocument({ ownerId: owner.id, visibility: 'private', courseId: course.id }, [
      'Mine alone.',
    ])

    ;(await client.get(urlFor('api.documents.show', { slug: document.slug }))).assertStatus(404)
    ;(await client.get(urlFor('api.documents.show', { slug: document.slug })).loginAs(other)).assertStatus(404)
    ;(await client.get(urlFor('api.courses.show', { slug: course.slug }))).assertStatus(404)
    ;(await client.get(urlFor('api.courses.show', { slug: course.slug })).loginAs(other)).assertStatus(404)

    const mine = await client.get(urlFor('api.documents.show', { slug: document.slug })).loginAs(owner)
    mine.assertStatus(200)
    assert.equal(mine.body().visibility, 'private')
    assert.equal(mine.body().text, 'Mine alone.')
    assert.deepEqual(mine.body().course, { id: String(course.id), slug: course.slug, title: course.title })
    ;(await client.get(urlFor('api.courses.show', { slug: course.slug })).loginAs(owner)).assertStatus(200)
  })

  test('a public document in a private course does not leak the course', async ({ client, assert }) => {
    const owner = await createUser()
    const course = await createCourse({ ownerId: owner.id, visibility: 'private', title: 'Secret course' })
    await createDocument({ courseId: course.id })
    const body = (await client.get(urlFor('api.documents.index'))).body()
    assert.isNull(body.data[0].course)
  })
})

test.group('Catalog API / document access (CONTRACT 13)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const chunks = [
    'Entropy measures disorder. It always grows in an isolated system. Heat flows from hot to cold.',
    'The second chunk is for readers with access.',
  ]

  test('free: the full text for everyone', async ({ client, assert }) => {
    const document = await createDocument({ accessLevel: 'free' }, chunks)
    const body = (await client.get(urlFor('api.documents.show', { slug: document.slug }))).body()
    assert.isTrue(body.can_read_full)
    assert.equal(body.text, chunks.join('\n\n'))
    assert.notProperty(body, 'preview')
  })

  test('paid and premium: a preview cut at a sentence for anonymous and other users', async ({ client, assert }) => {
    const other = await createUser()
    for (const accessLevel of ['paid', 'premium'] as const) {
      const document = await createDocument({ accessLevel }, chunks)
      for (const body of await readsByOthers(client, other, document.slug)) {
        assert.isFalse(body.can_read_full)
        assert.notProperty(body, 'text')
        assert.isString(body.preview)
        assert.isTrue(chunks[0].startsWith(body.preview), 'the preview is the start of the first chunk')
        assert.match(body.preview, /[.!?]$/)
        assert.notInclude(body.preview, 'second chunk')
      }
    }
  })

  test('locked: metadata only (no text, no preview) for everyone but the owner', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const document = await createDocument({ accessLevel: 'locked', ownerId: owner.id }, chunks)
    for (const body of await readsByOthers(client, other, document.slug)) {
      assert.isFalse(body.can_read_full)
      assert.notProperty(body, 'text')
      assert.notProperty(body, 'preview')
      assert.equal(body.title, document.title)
    }
    const mine = (await client.get(urlFor('api.documents.show', { slug: document.slug })).loginAs(owner)).body()
    assert.isTrue(mine.can_read_full)
    assert.equal(mine.text, chunks.join('\n\n'))
  })

  test('the owner always reads the full text of a paid or premium document', async ({ client, assert }) => {
    const owner = await createUser()
    for (const accessLevel of ['paid', 'premium'] as const) {
      const document = await createDocument({ accessLevel, ownerId: owner.id }, chunks)
      const body = (await client.get(urlFor('api.documents.show', { slug: document.slug })).loginAs(owner)).body()
      assert.isTrue(body.can_read_full)
      assert.equal(body.text, chunks.join('\n\n'))
    }
  })
})
