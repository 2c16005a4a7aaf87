import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { api } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, BIOLOGY_TEXT, userWithDocument } from '#tests/support/ai'
import { generateAll, libraryUrl } from '#tests/support/study'
import { pageObject, pageProps } from '#tests/support/page_object'
import { setFlag } from '#tests/support/flags'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'

/** The props of the page of one library item, `/study/:kind/:id`, as `user` (its 200 asserted). */
async function itemPage(client: ApiClient, user: any, kind: string, id: string) {
  const response = await client.get(urlFor('pages.study.item', { kind, id })).loginAs(user)
  response.assertStatus(200)
  return pageProps(response.text())
}

/* Issue 27 item 1: the /study page and the pages of its items, rendered on the server. */
test.group('Study library pages (issue 27)', (group) => {
  aiGroup(group)

  test('free plan with AI tools off still reads, opens and deletes its library', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const made = await generateAll(client, user, doc.id)
    await assignPlan(new PlanCatalog(), user.id, 'free')
    await setFlag('enable_ai_tools', false)

    const list = await client.get(libraryUrl()).loginAs(user)
    list.assertStatus(200)
    assert.equal(list.body().meta.total, 4)
    const html = await client.get(urlFor('pages.study.index')).loginAs(user)
    html.assertStatus(200)
    assert.equal(pageObject(html.text()).component, 'study/index')
    // The review progress sits beside the library: the generated set is due in full.
    const progress = pageProps(html.text()).progress
    assert.equal(progress.sets.length, 1)
    assert.equal(progress.total_due, made.flashcards.cards.length)
    assert.include(html.text(), 'data-testid="study-progress"')
    const props = await itemPage(client, user, 'flashcards', made.flashcards.id)
    assert.deepEqual(
      props.result.value.cards.map((c: any) => c.id),
      made.flashcards.cards.map((c: any) => c.id)
    )
    assert.deepEqual(props.documents, [{ id: String(doc.id), title: doc.title, slug: doc.slug }])
    ;(
      await api(client, user).delete(urlFor('api.study.library.destroy', { kind: 'summary', id: made.summary.id }))
    ).assertStatus(204)
  })

  test('/study groups, searches and pages on the server; anonymous → sign in', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument(BIOLOGY_TEXT, { title: 'Cell biology' })
    await generateAll(client, user, doc.id)
    const html = await client
      .get(urlFor('pages.study.index', {}, { qs: { q: 'cell', kind: 'flashcards' } }))
      .loginAs(user)
    html.assertStatus(200)
    const props = pageProps(html.text())
    assert.deepEqual(props.filters, { kind: 'flashcards', q: 'cell' })
    assert.lengthOf(props.library.data, 1)
    assert.deepEqual(props.library.data[0].group, {
      key: `document:${doc.id}`,
      title: 'Cell biology',
      href: `/documents/${doc.slug}`,
    })
    assert.equal(props.library.data[0].detail, '3 cards')
    const bad = await client.get(urlFor('pages.study.index', {}, { qs: { kind: 'nope' } })).loginAs(user)
    bad.assertStatus(400)
    const anonymous = await client.get(urlFor('pages.study.index')).redirects(0)
    assert.oneOf(anonymous.status(), [302, 303])
  })

  test('a trivia game carries its last score; answers and stored items cite passages', async ({ client, assert }) => {
    const { user, doc } = await userWithDocument()
    const { trivia, summary } = await generateAll(client, user, doc.id)
    const scored = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: trivia.id }), {
      answers: trivia.questions.map(() => 0),
    })
    scored.assertStatus(200)
    for (const result of scored.body().results) {
      assert.equal(result.citation.document_id, String(doc.id))
      assert.isNumber(result.citation.chunk_index)
    }
    const html = await client.get(urlFor('pages.study.index', {}, { qs: { kind: 'trivia' } })).loginAs(user)
    assert.deepEqual(pageProps(html.text()).library.data[0].score, {
      score: scored.body().score,
      total: scored.body().total,
    })
    const item = await itemPage(client, user, 'trivia', trivia.id)
    assert.equal(item.result.attempt.score, scored.body().score)
    assert.deepEqual(
      item.result.attempt.results.map((r: any) => r.citation),
      scored.body().results.map((r: any) => r.citation)
    )

    // Summary key points: each located in a cited passage, on the tool's answer and the stored item.
    assert.lengthOf(summary.key_point_citations, summary.key_points.length)
    const chunks = await db.from('document_chunks').where('document_id', doc.id).select('chunk_index', 'content')
    for (const [i, ref] of summary.key_point_citations.entries()) {
      assert.isNotNull(ref)
      const chunk = chunks.find((c: any) => Number(c.chunk_index) === ref.chunk_index)
      assert.include(chunk.content.replace(/\s+/g, ' '), summary.key_points[i].replace(/\s+/g, ' '))
    }
    const stored = await itemPage(client, user, 'summary', summary.id)
    assert.deepEqual(stored.result.value.key_point_citations, summary.key_point_citations)
  })
})
