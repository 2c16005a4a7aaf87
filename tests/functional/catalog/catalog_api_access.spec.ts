import { test } from '@japa/runner'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** A document's JSON as read signed out and by another signed-in user (neither owns it). */
async function readsByOthers(client: ApiClient, other: User, slug: string) {
  const url = urlFor('api.documents.show', { slug })
  return [(await client.get(url)).body(), (await client.get(url).loginAs(other)).body()]
}

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
