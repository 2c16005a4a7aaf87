import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { api, assertErrorBody } from '#tests/support/http'
import {
  aiGroup,
  aiUser,
  BIOLOGY_TEXT,
  countRows,
  creditsUsed,
  ownedDocument,
  userWithDocument,
} from '#tests/support/ai'
import { setFlag } from '#tests/support/flags'
import { urlFor } from '@adonisjs/core/services/url_builder'

type User = Awaited<ReturnType<typeof aiUser>>

/** POST /api/generated-courses as `user` with `body`. */
function storeCourse(client: ApiClient, user: User, body: Record<string, unknown>) {
  return api(client, user).post(urlFor('api.ai.generatedCourses.store'), body)
}

/** A pro user with one document, and a course generated from it (the 201 asserted). */
async function courseFromDocument(client: ApiClient, fields: { topic: string; level?: string }) {
  const { user, doc } = await userWithDocument()
  const response = await storeCourse(client, user, { ...fields, document_ids: [String(doc.id)] })
  response.assertStatus(201)
  return { user, doc, course: response.body() }
}

test.group('Generated courses (CONTRACT 6, 12)', (group) => {
  aiGroup(group)

  test('POST → 201 {id,title,description,modules}; list and show are owner-scoped', async ({ client, assert }) => {
    const { user, course: body } = await courseFromDocument(client, { topic: 'Cell biology', level: 'intermediate' })
    assert.isString(body.id)
    assert.isNotEmpty(body.title)
    assert.isNotEmpty(body.description)
    assert.isAtLeast(body.modules.length, 1)
    for (const m of body.modules) {
      assert.isNotEmpty(m.title)
      assert.isAtLeast(m.lessons.length, 1)
      for (const l of m.lessons) assert.deepEqual(Object.keys(l).sort(), ['summary', 'title'])
    }
    const list = await client.get(urlFor('api.ai.generatedCourses.index')).loginAs(user)
    list.assertStatus(200)
    assert.lengthOf(list.body().data, 1)
    ;(await client.get(urlFor('api.ai.generatedCourses.show', { id: body.id })).loginAs(user)).assertStatus(200)
    // Another user's show is a 404 and their list is empty.
    const other = await aiUser()
    ;(await client.get(urlFor('api.ai.generatedCourses.show', { id: body.id })).loginAs(other)).assertStatus(404)
    assert.lengthOf((await client.get(urlFor('api.ai.generatedCourses.index')).loginAs(other)).body().data, 0)
  })

  test('grounded lessons from documents; foreign documents → 403; bad level → 400', async ({ client, assert }) => {
    const { user, doc, course } = await courseFromDocument(client, { topic: 'Photosynthesis' })
    for (const m of course.modules)
      for (const l of m.lessons) assert.include(BIOLOGY_TEXT.replace(/\n+/g, ' '), l.summary)
    const other = await aiUser()
    ;(await storeCourse(client, other, { topic: 'X topic', document_ids: [doc.id] })).assertStatus(403)
    ;(await storeCourse(client, user, { topic: 'X topic', level: 'expert' })).assertStatus(400)
    ;(await storeCourse(client, user, {})).assertStatus(400)
    assert.equal(await countRows('generated_courses', { user_id: other.id }), 0)
  })

  test('no documents and no hosted model → 422 asking for documents; no credit, no row', async ({ client, assert }) => {
    const user = await aiUser()
    const before = await creditsUsed(user.id)
    const response = await storeCourse(client, user, { topic: 'Cell biology' })
    response.assertStatus(422)
    assert.match(response.body().message, /document/i)
    ;(await storeCourse(client, user, { topic: 'Cell biology', document_ids: [] })).assertStatus(422)
    assert.equal(await creditsUsed(user.id), before)
    assert.equal(await countRows('generated_courses', { user_id: user.id }), 0)
  })

  test('unverified → 403 EMAIL_NOT_VERIFIED; free → 403 upgrade_url; anonymous → 401', async ({ client, assert }) => {
    const unverified = await aiUser({ verified: false })
    const r = await storeCourse(client, unverified, { topic: 'Algebra' })
    assertErrorBody(assert, r, 403, 'EMAIL_NOT_VERIFIED')
    const free = await aiUser({ plan: 'free' })
    const f = await storeCourse(client, free, { topic: 'Algebra' })
    f.assertStatus(403)
    assert.equal(f.body().upgrade_url, '/pricing')
    ;(await client.get(urlFor('api.ai.generatedCourses.index'))).assertStatus(401)
  })

  test('one credit per course, none for a refused one; enable_ai_tools off → 403', async ({ client, assert }) => {
    const { user, doc: own } = await userWithDocument()
    const before = await creditsUsed(user.id)
    ;(await storeCourse(client, user, { topic: 'Cell biology', document_ids: [own.id] })).assertStatus(201)
    assert.equal(await creditsUsed(user.id), before + 1)
    const other = await aiUser()
    const foreign = await ownedDocument(other.id)
    ;(await storeCourse(client, user, { topic: 'Cells', document_ids: [foreign.id] })).assertStatus(403)
    ;(await storeCourse(client, user, { topic: 'x' })).assertStatus(400)
    assert.equal(await creditsUsed(user.id), before + 1)
    await setFlag('enable_ai_tools', false)
    const off = await storeCourse(client, user, { topic: 'Cell biology', document_ids: [own.id] })
    off.assertStatus(403)
    ;(await client.get(urlFor('api.ai.generatedCourses.index')).loginAs(user)).assertStatus(403)
    await setFlag('enable_ai_tools', true)
    assert.equal(await countRows('generated_courses', { user_id: user.id }), 1)
    assert.equal(await creditsUsed(user.id), before + 1)
  })
})
