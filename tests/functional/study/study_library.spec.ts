import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, aiUser, countRows, ownedDocument } from '#tests/support/ai'
import { setFlag } from '#tests/support/flags'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { DateTime } from 'luxon'
import GeneratedCourse from '#models/generated_course'
import AiFlashcardSet from '#models/ai_flashcard_set'

function pageProps(html: string) {
  const match = /<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (!match) throw new Error('no Inertia page object in the HTML')
  return JSON.parse(match[1])
}

const library = (qs: Record<string, unknown> = {}) => urlFor('api.study.library.index', {}, { qs })

/** Makes one result of each generation tool over the document, through the API. */
async function generate(client: any, user: any, documentId: number) {
  const run = async (toolId: string, body: Record<string, unknown>) => {
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId }), {
      scope: { document_ids: [documentId] },
      ...body,
    })
    response.assertStatus(201)
    return response.body()
  }
  const summary = await run('summary', {})
  const flashcards = await run('flashcards', { count: 3 })
  const guide = await run('study-guide', {})
  const trivia = await run('trivia-game', { questionCount: 2 })
  return { summary, flashcards, guide, trivia }
}

/*
| Issue 27 item 1 and docs/rules/study.md#review: GET /api/study/library?kind&q&page&limit → { data: [{ kind,
| id, title, document_ids, created_at }], meta }, owner-scoped, cookie auth, no AI credit, no
| generation throttle; items open on pages of their own; deleting is owner-scoped.
*/
test.group('Study library API (issue 27, CONTRACT 15)', (group) => {
  aiGroup(group)

  test('lists every kind newest first with exactly the contract keys; kind filters', async ({ client, assert }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id, undefined, { title: 'Cell biology' })
    const made = await generate(client, user, doc.id)
    await GeneratedCourse.create({
      userId: user.id,
      topic: 'Cells',
      level: 'beginner',
      title: 'Cells from scratch',
      description: 'd',
      modules: [{ title: 'M', lessons: [] }],
      documentIds: [String(doc.id)],
      provider: 'local',
      createdAt: DateTime.now().plus({ seconds: 5 }),
    })

    const response = await client.get(library()).loginAs(user)
    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.deepEqual(meta, { total: 5, page: 1, limit: 20, last_page: 1 })
    // The course is the newest; the four tool results share a second (their order is the kind's).
    assert.equal(data[0].kind, 'course')
    assert.sameMembers(
      data.slice(1).map((d: any) => d.kind),
      ['trivia', 'study_guide', 'flashcards', 'summary']
    )
    for (const item of data) {
      assert.deepEqual(Object.keys(item).sort(), ['created_at', 'document_ids', 'id', 'kind', 'title'])
      assert.deepEqual(item.document_ids, [String(doc.id)])
      assert.match(item.created_at, /Z$/)
      assert.isNotEmpty(item.title)
    }
    assert.equal(data.find((d: any) => d.kind === 'flashcards').id, made.flashcards.id)
    assert.equal(data.find((d: any) => d.kind === 'summary').title, 'Summary: Cell biology')
    assert.equal(response.header('ratelimit-limit'), undefined)

    const only = await client.get(library({ kind: 'trivia' })).loginAs(user)
    assert.deepEqual(
      only.body().data.map((d: any) => d.id),
      [made.trivia.id]
    )
    assert.equal(only.body().meta.total, 1)
  })

  test('bad kind, page or limit → 400 with the contract body; anonymous → 401', async ({ client, assert }) => {
    const user = await aiUser()
    for (const qs of [
      { kind: 'notes' },
      { kind: 'qa' },
      { page: 0 },
      { page: 'two' },
      { page: 1.5 },
      { limit: 0 },
      { limit: 101 },
      { q: 'x'.repeat(201) },
    ]) {
      const response = await client.get(library(qs)).loginAs(user)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST', JSON.stringify(qs))
      assert.equal(response.body().status, 400)
      assert.isString(response.body().message)
      assert.isArray(response.body().errors)
    }
    const anonymous = await client.get(library())
    assertErrorBody(assert, anonymous, 401, 'UNAUTHORIZED')
  })

  test('q matches every word in the title or the source document, case-insensitively; pages split the list', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const cells = await ownedDocument(user.id, undefined, { title: 'Cell biology' })
    const rome = await ownedDocument(user.id, undefined, { title: 'Roman history' })
    for (const [i, doc] of [cells, rome, cells].entries()) {
      await AiFlashcardSet.create({
        userId: user.id,
        title: i === 2 ? 'Mitosis drill' : `Set ${i}`,
        scope: { document_ids: [String(doc.id)], course_id: null },
        provider: 'local',
        createdAt: DateTime.now().plus({ seconds: i }),
      })
    }
    const titles = async (qs: Record<string, unknown>) =>
      (await client.get(library(qs)).loginAs(user)).body().data.map((d: any) => d.title)
    assert.deepEqual(await titles({ q: 'BIOLOGY' }), ['Mitosis drill', 'Set 0'])
    assert.deepEqual(await titles({ q: 'mitosis cell' }), ['Mitosis drill'])
    assert.deepEqual(await titles({ q: 'roman' }), ['Set 1'])
    assert.deepEqual(await titles({ q: 'roman mitosis' }), [])
    // The search form's "Everything" sends an empty kind: no filter.
    assert.lengthOf(await titles({ q: '', kind: '' }), 3)

    const first = await client.get(library({ limit: 2 })).loginAs(user)
    assert.deepEqual(first.body().meta, { total: 3, page: 1, limit: 2, last_page: 2 })
    assert.deepEqual(
      first.body().data.map((d: any) => d.title),
      ['Mitosis drill', 'Set 1']
    )
    const second = await client.get(library({ limit: 2, page: 2 })).loginAs(user)
    assert.deepEqual(
      second.body().data.map((d: any) => d.title),
      ['Set 0']
    )
    const past = await client.get(library({ limit: 2, page: 3 })).loginAs(user)
    past.assertStatus(200)
    assert.deepEqual(past.body().data, [])
    assert.equal(past.body().meta.total, 3)
  })

  test('owner-scoped: another user sees nothing, cannot open or delete; the owner deletes with the children', async ({
    client,
    assert,
  }) => {
    const owner = await aiUser()
    const other = await aiUser()
    const doc = await ownedDocument(owner.id)
    const made = await generate(client, owner, doc.id)
    await api(client, owner).post(urlFor('api.ai.trivia.submit', { sessionId: made.trivia.id }), {
      answers: made.trivia.questions.map(() => 0),
    })

    const foreign = await client.get(library()).loginAs(other)
    assert.deepEqual(foreign.body().data, [])
    const page = await client
      .get(urlFor('pages.study.item', { kind: 'flashcards', id: made.flashcards.id }))
      .loginAs(other)
    page.assertStatus(404)
    const steal = await api(client, other).delete(
      urlFor('api.study.library.destroy', { kind: 'flashcards', id: made.flashcards.id })
    )
    assertErrorBody(assert, steal, 404, 'NOT_FOUND')
    assert.equal(await countRows('ai_flashcards', { set_id: Number(made.flashcards.id) }), 3)

    // A right id under the wrong kind is not found either.
    ;(
      await api(client, owner).delete(
        urlFor('api.study.library.destroy', { kind: 'summary', id: made.flashcards.id + '9' })
      )
    ).assertStatus(404)
    ;(await api(client, owner).delete(`/api/study/library/notes/${made.flashcards.id}`)).assertStatus(404)

    for (const [kind, id, children] of [
      ['flashcards', made.flashcards.id, ['ai_flashcards', 'set_id']],
      ['study_guide', made.guide.id, ['ai_study_guide_sections', 'guide_id']],
      ['trivia', made.trivia.id, ['ai_game_attempts', 'session_id']],
      ['summary', made.summary.id, null],
    ] as const) {
      const response = await api(client, owner).delete(urlFor('api.study.library.destroy', { kind, id }))
      response.assertStatus(204)
      if (children) assert.equal(await countRows(children[0], { [children[1]]: Number(id) }), 0, kind)
      ;(await api(client, owner).delete(urlFor('api.study.library.destroy', { kind, id }))).assertStatus(404)
    }
    assert.deepEqual((await client.get(library()).loginAs(owner)).body().data, [])
  })

  test('the free plan, with AI tools switched off, still reads, opens and deletes its library', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const made = await generate(client, user, doc.id)
    await assignPlan(new PlanCatalog(), user.id, 'free')
    await setFlag('enable_ai_tools', false)

    const list = await client.get(library()).loginAs(user)
    list.assertStatus(200)
    assert.equal(list.body().meta.total, 4)
    const html = await client.get(urlFor('pages.study.index')).loginAs(user)
    html.assertStatus(200)
    assert.equal(pageProps(html.text()).component, 'study/index')
    // The review progress sits beside the library: the generated set is due in full.
    const progress = pageProps(html.text()).props.progress
    assert.equal(progress.sets.length, 1)
    assert.equal(progress.total_due, made.flashcards.cards.length)
    assert.include(html.text(), 'data-testid="study-progress"')
    const item = await client
      .get(urlFor('pages.study.item', { kind: 'flashcards', id: made.flashcards.id }))
      .loginAs(user)
    item.assertStatus(200)
    const props = pageProps(item.text()).props
    assert.deepEqual(
      props.result.value.cards.map((c: any) => c.id),
      made.flashcards.cards.map((c: any) => c.id)
    )
    assert.deepEqual(props.documents, [{ id: String(doc.id), title: doc.title, slug: doc.slug }])
    ;(
      await api(client, user).delete(urlFor('api.study.library.destroy', { kind: 'summary', id: made.summary.id }))
    ).assertStatus(204)
  })

  test('the /study page groups, searches and pages on the server; anonymous is sent to sign in', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id, undefined, { title: 'Cell biology' })
    await generate(client, user, doc.id)
    const html = await client
      .get(urlFor('pages.study.index', {}, { qs: { q: 'cell', kind: 'flashcards' } }))
      .loginAs(user)
    html.assertStatus(200)
    const props = pageProps(html.text()).props
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

  test('a trivia game carries its last score; each scored answer and the stored item cite their passage', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const doc = await ownedDocument(user.id)
    const { trivia, summary } = await generate(client, user, doc.id)
    const scored = await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId: trivia.id }), {
      answers: trivia.questions.map(() => 0),
    })
    scored.assertStatus(200)
    for (const result of scored.body().results) {
      assert.equal(result.citation.document_id, String(doc.id))
      assert.isNumber(result.citation.chunk_index)
    }
    const html = await client.get(urlFor('pages.study.index', {}, { qs: { kind: 'trivia' } })).loginAs(user)
    assert.deepEqual(pageProps(html.text()).props.library.data[0].score, {
      score: scored.body().score,
      total: scored.body().total,
    })
    const item = pageProps(
      (await client.get(urlFor('pages.study.item', { kind: 'trivia', id: trivia.id })).loginAs(user)).text()
    ).props
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
    const stored = pageProps(
      (await client.get(urlFor('pages.study.item', { kind: 'summary', id: summary.id })).loginAs(user)).text()
    ).props
    assert.deepEqual(stored.result.value.key_point_citations, summary.key_point_citations)
  })
})
