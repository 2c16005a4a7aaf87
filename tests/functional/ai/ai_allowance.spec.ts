import { test } from '@japa/runner'
import { aiGroup, aiUser, exportSet, runTool, userWithDocument } from '#tests/support/ai'
import { getPage, pageProps } from '#tests/support/page_object'
import { urlFor } from '@adonisjs/core/services/url_builder'

/*
| Issue 29 item 3: reading what exists (exports, passages, generated courses) does not use the
| hourly generation allowance; docs/rules/ai.md#tools listed routes still do; tool pages carry the allowance.
*/
test.group('AI allowance (issue 29)', (group) => {
  aiGroup(group)

  test('exports, passages, generated courses are free reads; tool calls still count', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const made = await runTool(client, user, 'flashcards', { scope: { document_ids: [doc.id] }, count: 3 })
    made.assertStatus(201)
    assert.equal(made.header('ratelimit-remaining'), '19')

    for (let i = 0; i < 25; i++) {
      ;(await exportSet(client, user, made.body().id, 'csv')).assertStatus(200)
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
    const { user, doc } = await userWithDocument()
    ;(await runTool(client, user, 'summary', { documentId: doc.id })).assertStatus(201)
    const toolPage = urlFor('pages.ai.tool', { slug: 'document-analyzer' })
    const page = await getPage(client, toolPage, user)
    page.assertStatus(200)
    const { allowance } = pageProps(page.text())
    assert.equal(allowance.hourly.limit, 20)
    assert.equal(allowance.hourly.remaining, 19)
    assert.isAbove(allowance.hourly.resets_in_seconds, 3000)
    assert.deepInclude(allowance.credits, { limit: 100, used: 1, remaining: 99 })
    assert.match(allowance.credits.period_end, /Z$/)

    const anonymous = await getPage(client, toolPage)
    assert.isNull(pageProps(anonymous.text()).allowance)
  })
})
