import { test } from '@japa/runner'
import { api } from '#tests/support/http'
import { aiGroup, aiUser, ownedDocument } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

function pageProps(html: string) {
  const match = /<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (!match) throw new Error('no Inertia page object in the HTML')
  return JSON.parse(match[1]).props
}

/*
| Issue 29 item 3: reading what exists (exports, passages, generated courses) does not use the
| hourly generation allowance; docs/rules/ai.md#tools listed routes still do; tool pages carry the allowance.
*/
test.group('AI allowance (issue 29)', (group) => {
  aiGroup(group)

  test('exports, passages and reading generated courses do not count; generation and SPEC reads do', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const made = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }), {
      scope: { document_ids: [doc.id] },
      count: 3,
    })
    made.assertStatus(201)
    assert.equal(made.header('ratelimit-remaining'), '19')

    for (let i = 0; i < 25; i++) {
      ;(
        await client
          .get(urlFor('api.ai.flashcards.export', { setId: made.body().id }, { qs: { format: 'csv' } }))
          .loginAs(user)
      ).assertStatus(200)
      ;(
        await client.get(urlFor('api.ai.passages.show', { documentId: doc.id, chunkIndex: 0 })).loginAs(user)
      ).assertStatus(200)
      ;(await client.get(urlFor('api.ai.generatedCourses.index')).loginAs(user)).assertStatus(200)
    }
    // A read on a throttled route (docs/rules/ai.md#guards) still counts: 19 → 18.
    const listed = await client.get(urlFor('api.ai.flashcards.show', { setId: made.body().id })).loginAs(user)
    listed.assertStatus(200)
    assert.equal(listed.header('ratelimit-remaining'), '18')

    // The guards before the throttle still hold on the uncounted routes.
    ;(await client.get(urlFor('api.ai.generatedCourses.index'))).assertStatus(401)
    const free = await aiUser({ plan: 'free' })
    ;(
      await client.get(urlFor('api.ai.passages.show', { documentId: doc.id, chunkIndex: 0 })).loginAs(free)
    ).assertStatus(403)
  }).timeout(60_000)

  test('a tool page carries the hourly requests and the credits left', async ({ client, assert }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    ;(
      await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), { documentId: doc.id })
    ).assertStatus(201)
    const page = await client
      .get(urlFor('pages.ai.tool', { slug: 'document-analyzer' }))
      .header('accept', 'text/html')
      .loginAs(user)
    page.assertStatus(200)
    const { allowance } = pageProps(page.text())
    assert.equal(allowance.hourly.limit, 20)
    assert.equal(allowance.hourly.remaining, 19)
    assert.isAbove(allowance.hourly.resets_in_seconds, 3000)
    assert.deepInclude(allowance.credits, { limit: 100, used: 1, remaining: 99 })
    assert.match(allowance.credits.period_end, /Z$/)

    const anonymous = await client
      .get(urlFor('pages.ai.tool', { slug: 'document-analyzer' }))
      .header('accept', 'text/html')
    assert.isNull(pageProps(anonymous.text()).allowance)
  })
})
