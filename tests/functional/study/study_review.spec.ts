import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { countRows } from '#tests/support/ai'
import { createUser } from '#tests/support/users'
import {
  FixedStudyClock,
  nextCard,
  rateCard,
  studyGroup,
  useStudyClock,
  userWithFlashcards,
} from '#tests/support/study'

const T0 = new Date('2026-03-02T09:00:00.000Z')

test.group('Study review API (CONTRACT 15 "Study loop")', (group) => {
  studyGroup(group, T0)

  test('next serves a due card with its intervals; a rating is saved with its log', async ({ client, assert }) => {
    const { user, set, doc } = await userWithFlashcards(client, 4)
    const next = await nextCard(client, user)
    next.assertStatus(200)
    const { card, due_count: due } = next.body()
    assert.equal(due, 4)
    assert.equal(card.set_id, set.id)
    assert.equal(card.front, set.cards[0].front)
    assert.equal(card.back, set.cards[0].back)
    assert.deepEqual(Object.keys(card.intervals).sort(), ['again', 'easy', 'good', 'hard'])
    // New card, FSRS short-term steps: Again 1 min, Hard 6 min, Good 10 min; Easy in days.
    assert.deepEqual([card.intervals.again, card.intervals.hard, card.intervals.good], [60, 360, 600])
    assert.isAbove(card.intervals.easy, 86_400)
    assert.equal(card.source.document_id, String(doc.id))
    assert.isNumber(card.source.chunk_index)

    const rated = await rateCard(client, user, card.id, { rating: 3 })
    rated.assertStatus(200)
    assert.deepEqual(rated.body(), {
      card_id: card.id,
      due_at: new Date(T0.getTime() + 600_000).toISOString(),
      due_count: 3,
    })
    assert.equal(await countRows('study_review_logs', { card_id: Number(card.id), rating: 3 }), 1)

    const after = await nextCard(client, user)
    assert.equal(after.body().due_count, 3)
    assert.notEqual(after.body().card.id, card.id)

    const stats = await client.get(urlFor('api.study.stats')).loginAs(user)
    stats.assertStatus(200)
    assert.equal(stats.body().due_now, 3)
    assert.lengthOf(stats.body().due_next_14_days, 14)
    assert.deepEqual(stats.body().due_next_14_days[0], { date: '2026-03-02', count: 4 })
    assert.lengthOf(stats.body().reviews_last_30_days, 30)
    assert.deepEqual(stats.body().reviews_last_30_days[29], { date: '2026-03-02', count: 1 })
  })

  test("another user's card → 404, never served to them; ids out of range → 404", async ({ client, assert }) => {
    const { user } = await userWithFlashcards(client, 2)
    const card = (await nextCard(client, user)).body().card
    const other = await createUser()
    const foreign = await rateCard(client, other, card.id, { rating: 3 })
    assertErrorBody(assert, foreign, 404, 'NOT_FOUND')
    assert.equal(await countRows('study_review_logs'), 0)
    const theirs = await nextCard(client, other)
    assert.deepEqual(theirs.body(), { card: null, due_count: 0 })
    const missing = await api(client, user).post('/api/study/review/2147483647', { rating: 3 })
    missing.assertStatus(404)
    const huge = await api(client, user).post('/api/study/review/99999999999', { rating: 3 })
    huge.assertStatus(404)
    const signedOut = await nextCard(client)
    signedOut.assertStatus(401)
  })

  test('any rating but 1, 2, 3 or 4 → 400 with the contract body and nothing written', async ({ client, assert }) => {
    const { user } = await userWithFlashcards(client, 1)
    const card = (await nextCard(client, user)).body().card
    for (const body of [{ rating: 0 }, { rating: 5 }, { rating: '3' }, { rating: 2.5 }, { rating: null }, {}, [3]]) {
      const response = await rateCard(client, user, card.id, body)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST', JSON.stringify(body))
      assert.equal(response.body().status, 400)
      assert.isString(response.body().message)
    }
    assert.equal(await countRows('study_review_logs'), 0)
    const row = await db.from('study_cards').where('id', Number(card.id)).first()
    assert.equal(Number(row.reps), 0)
  })

  test('free plan: reviewing owned sets works, costs no credit, is not AI-throttled', async ({ client, assert }) => {
    const { user } = await userWithFlashcards(client, 3)
    await assignPlan(new PlanCatalog(), user.id, 'free')
    const usageBefore = await db
      .from('subscription_usages')
      .where('user_id', user.id)
      .sum('ai_credits_used as used')
      .first()
    for (let i = 0; i < 3; i++) {
      const next = await nextCard(client, user)
      next.assertStatus(200)
      assert.isUndefined(next.header('ratelimit-limit'))
      const rated = await rateCard(client, user, next.body().card.id, { rating: 4 })
      rated.assertStatus(200)
      assert.equal(rated.body().due_count, 2 - i)
    }
    const usageAfter = await db
      .from('subscription_usages')
      .where('user_id', user.id)
      .sum('ai_credits_used as used')
      .first()
    assert.equal(Number(usageAfter?.used ?? 0), Number(usageBefore?.used ?? 0))
    const page = await client.get(urlFor('pages.study.review')).loginAs(user)
    page.assertStatus(200)
  })

  test('a card whose source document was hard-deleted is suspended, not lost', async ({ client, assert }) => {
    const { user, doc } = await userWithFlashcards(client, 2)
    const card = (await nextCard(client, user)).body().card
    await rateCard(client, user, card.id, { rating: 3 })
    const deleted = await api(client, user).delete(urlFor('api.my.documents.destroy', { id: doc.id }))
    assert.oneOf(deleted.status(), [200, 204])
    assert.isNull(await db.from('documents').where('id', doc.id).first())

    const next = await nextCard(client, user)
    assert.deepEqual(next.body(), { card: null, due_count: 0 })
    // Kept with their history, left out of review.
    assert.equal(await countRows('study_cards', { user_id: user.id }), 2)
    assert.equal(await countRows('study_review_logs', { card_id: Number(card.id) }), 1)
    const rated = await rateCard(client, user, card.id, { rating: 3 })
    assertErrorBody(assert, rated, 409, 'CONFLICT')
    const { StudyProgressService } = await import('#services/study/review/study_progress_service')
    const progress = await new StudyProgressService(new FixedStudyClock(T0)).forUser(user.id)
    assert.equal(progress.sets[0].suspended_count, 2)
    assert.equal(progress.sets[0].due_count, 0)
    assert.equal(progress.total_due, 0)
  })

  test('Again twice in a row flags a leech; a Good in between resets the streak', async ({ client, assert }) => {
    const clock = useStudyClock(T0)
    const { user } = await userWithFlashcards(client, 2)
    const first = (await nextCard(client, user)).body().card
    const rate = (cardId: string, rating: number) => rateCard(client, user, cardId, { rating })
    ;(await rate(first.id, 1)).assertStatus(200)
    clock.advance(120)
    ;(await rate(first.id, 3)).assertStatus(200)
    clock.advance(3600)
    ;(await rate(first.id, 1)).assertStatus(200)
    let row = await db.from('study_cards').where('id', Number(first.id)).first()
    assert.isNull(row.leech_at)
    clock.advance(120)
    ;(await rate(first.id, 1)).assertStatus(200)
    row = await db.from('study_cards').where('id', Number(first.id)).first()
    assert.isNotNull(row.leech_at)
    assert.equal(Number(row.again_streak), 2)
    const other = await db.from('study_cards').where('user_id', user.id).whereNot('id', Number(first.id)).first()
    assert.isNull(other.leech_at)
    const { StudyProgressService } = await import('#services/study/review/study_progress_service')
    const progress = await new StudyProgressService(new FixedStudyClock(T0)).forUser(user.id)
    assert.equal(progress.sets[0].leech_count, 1)
    // Retention: Good and Easy over all ratings (1 Good of 4).
    assert.equal(progress.sets[0].retention, 0.25)
  })

  test("the dashboard's due counts; /study/review server-renders the first due card", async ({ client, assert }) => {
    const { user, set } = await userWithFlashcards(client, 3)
    const dashboard = await client.get(urlFor('pages.workspace.dashboard')).loginAs(user)
    dashboard.assertStatus(200)
    const html = dashboard.text()
    assert.match(html, /data-testid="dashboard-due-total"[^>]*>3</)
    assert.include(html, 'due for review')
    assert.match(html, /3(<!-- -->)? due</)
    const page = await client.get(urlFor('pages.study.review')).loginAs(user)
    page.assertStatus(200)
    assert.include(page.text(), 'data-testid="review-card"')
    assert.include(
      page.text(),
      set.cards[0].front.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').slice(0, 20)
    )
    const empty = await client.get(urlFor('pages.study.review')).loginAs(await createUser())
    empty.assertStatus(200)
    assert.include(empty.text(), 'No cards yet')
  })
})
