import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { api, assertErrorBody } from '#tests/support/http'
import { aiGroup, aiUser, countRows, ownedDocument } from '#tests/support/ai'
import { setFlag } from '#tests/support/flags'
import { CreditsService } from '#services/billing/credits_service'
import { BillingSettings } from '#services/billing/billing_settings'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** A pro user with one document, and a course generated from it (the 201 asserted). */
async function courseFromDocument(client: ApiClient, fields: { topic: string; level?: string }) {
  const user = await aiUser()
  const doc = await ownedDocument(user.id)
  const response = await api(client, user).post(urlFor('api.ai.generatedCourses.store'), {
    ...fields,
    document_ids: [String(doc.id)],
  })
  response.assertStatus(201)
  return { user, doc, course: response.body() }
}

test.group('Generated courses (CONTRACT 6, 12)', (group) => {
  aiGroup(group)

  test('POST → 201 {id,title,description,modules}; list and show are owner-scoped (foreign → 404)', async ({
    client,
    assert,
  }) => {
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
    const other = await aiUser()
    ;(await client.get(urlFor('api.ai.generatedCourses.show', { id: body.id })).loginAs(other)).assertStatus(404)
    assert.lengthOf((await client.get(urlFor('api.ai.generatedCourses.index')).loginAs(other)).body().data, 0)
  })

  test('built from documents: lessons are grounded; foreign documents → 403; bad level → 400', async ({
    client,
    assert,
  }) => {
    const { user, doc, course } = await courseFromDocument(client, { topic: 'Photosynthesis' })
    const { BIOLOGY_TEXT } = await import('#tests/support/ai')
    for (const m of course.modules)
      for (const l of m.lessons) assert.include(BIOLOGY_TEXT.replace(/\n+/g, ' '), l.summary)
    const other = await aiUser()
    ;(
      await api(client, other).post(urlFor('api.ai.generatedCourses.store'), {
        topic: 'X topic',
        document_ids: [doc.id],
      })
    ).assertStatus(403)
    ;(
      await api(client, user).post(urlFor('api.ai.generatedCourses.store'), { topic: 'X topic', level: 'expert' })
    ).assertStatus(400)
    ;(await api(client, user).post(urlFor('api.ai.generatedCourses.store'), {})).assertStatus(400)
    assert.equal(await countRows('generated_courses', { user_id: other.id }), 0)
  })

  test('without documents and without a hosted model → 422 asking for documents, no credit, no row (CONTRACT 14)', async ({
    client,
    assert,
  }) => {
    const credits = new CreditsService(new BillingSettings())
    const user = await aiUser()
    const before = (await credits.summary(user.id)).used
    const response = await api(client, user).post(urlFor('api.ai.generatedCourses.store'), { topic: 'Cell biology' })
    response.assertStatus(422)
    assert.match(response.body().message, /document/i)
    ;(
      await api(client, user).post(urlFor('api.ai.generatedCourses.store'), { topic: 'Cell biology', document_ids: [] })
    ).assertStatus(422)
    assert.equal((await credits.summary(user.id)).used, before)
    assert.equal(await countRows('generated_courses', { user_id: user.id }), 0)
  })

  test('unverified → 403 EMAIL_NOT_VERIFIED (SPEC G); free → 403 upgrade_url; anonymous → 401', async ({
    client,
    assert,
  }) => {
    const unverified = await aiUser({ verified: false })
    const r = await api(client, unverified).post(urlFor('api.ai.generatedCourses.store'), { topic: 'Algebra' })
    assertErrorBody(assert, r, 403, 'EMAIL_NOT_VERIFIED')
    const free = await aiUser({ plan: 'free' })
    const f = await api(client, free).post(urlFor('api.ai.generatedCourses.store'), { topic: 'Algebra' })
    f.assertStatus(403)
    assert.equal(f.body().upgrade_url, '/pricing')
    ;(await client.get(urlFor('api.ai.generatedCourses.index'))).assertStatus(401)
  })

  test('a generated course costs one credit; a refused one costs none (CONTRACT 12); enable_ai_tools off → 403 (CONTRACT 4)', async ({
    client,
    assert,
  }) => {
    const credits = new CreditsService(new BillingSettings())
    const user = await aiUser()
    const before = (await credits.summary(user.id)).used
    const own = await ownedDocument(user.id)
    ;(
      await api(client, user).post(urlFor('api.ai.generatedCourses.store'), {
        topic: 'Cell biology',
        document_ids: [own.id],
      })
    ).assertStatus(201)
    assert.equal((await credits.summary(user.id)).used, before + 1)
    const other = await aiUser()
    const foreign = await ownedDocument(other.id)
    ;(
      await api(client, user).post(urlFor('api.ai.generatedCourses.store'), {
        topic: 'Cells',
        document_ids: [foreign.id],
      })
    ).assertStatus(403)
    ;(await api(client, user).post(urlFor('api.ai.generatedCourses.store'), { topic: 'x' })).assertStatus(400)
    assert.equal((await credits.summary(user.id)).used, before + 1)
    await setFlag('enable_ai_tools', false)
    const off = await api(client, user).post(urlFor('api.ai.generatedCourses.store'), {
      topic: 'Cell biology',
      document_ids: [own.id],
    })
    off.assertStatus(403)
    ;(await client.get(urlFor('api.ai.generatedCourses.index')).loginAs(user)).assertStatus(403)
    await setFlag('enable_ai_tools', true)
    assert.equal(await countRows('generated_courses', { user_id: user.id }), 1)
    assert.equal((await credits.summary(user.id)).used, before + 1)
  })
})
