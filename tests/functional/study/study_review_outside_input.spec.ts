import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { countRows } from '#tests/support/ai'
import { api, assertErrorBody } from '#tests/support/http'
import { createUser } from '#tests/support/users'
import { nextCard, rateCard, studyGroup, useStudyClock, userWithFlashcards } from '#tests/support/study'

const T0 = new Date('2026-03-02T09:00:00.000Z')

/**
 * Spaced review with outside input (docs/decisions/study_review.md "Audit with outside input"):
 * double submits, races and clocks nobody here wrote. Run on SQLite and PostgreSQL.
 */
test.group('Study review / a double submit is one rating', (group) => {
  studyGroup(group, T0)

  test('the same rating sent twice at once is saved once and answers the same result', async ({ client, assert }) => {
    const { user } = await userWithFlashcards(client, 2)
    const card = (await nextCard(client, user)).body().card
    const first = await rateCard(client, user, card.id, { rating: 3 })
    const again = await rateCard(client, user, card.id, { rating: 3 })
    first.assertStatus(200)
    again.assertStatus(200)
    assert.deepEqual(again.body(), first.body())
    assert.equal(await countRows('study_review_logs'), 1)
    const row = await db.from('study_cards').where('id', Number(card.id)).first()
    assert.equal(Number(row.reps), 1)
  })

  test('three parallel submits of one rating race to one log and one due date', async ({ client, assert }) => {
    const { user } = await userWithFlashcards(client, 2)
    const card = (await nextCard(client, user)).body().card
    const answers = await Promise.all([1, 2, 3].map(() => rateCard(client, user, card.id, { rating: 4 })))
    for (const answer of answers) answer.assertStatus(200)
    assert.equal(new Set(answers.map((answer) => answer.body().due_at)).size, 1)
    assert.equal(await countRows('study_review_logs'), 1)
  })

  test('a later repeat, or another rating, is a new review', async ({ client, assert }) => {
    const clock = useStudyClock(T0)
    const { user } = await userWithFlashcards(client, 1)
    const card = (await nextCard(client, user)).body().card
    const first = await rateCard(client, user, card.id, { rating: 1 })
    // A change of mind at once is a rating of its own (no undo in the contract).
    const changed = await rateCard(client, user, card.id, { rating: 3 })
    assert.notEqual(changed.body().due_at, first.body().due_at)
    clock.advance(600)
    const later = await rateCard(client, user, card.id, { rating: 3 })
    later.assertStatus(200)
    assert.equal(await countRows('study_review_logs'), 3)
  })
})

test.group('Study review / midnight, leap days and cards gone mid-review', (group) => {
  const LEAP_EVE = new Date('2028-02-28T23:59:59.000Z')
  studyGroup(group, LEAP_EVE)

  test('"due today" turns over at UTC midnight, leap day included, alike on both databases', async ({
    client,
    assert,
  }) => {
    const clock = useStudyClock(LEAP_EVE)
    const { user } = await userWithFlashcards(client, 3)
    await nextCard(client, user)
    const cards = await db.from('study_cards').where('user_id', user.id).orderBy('id')
    const pg = db.connection().dialect.name === 'postgres'
    const at = (iso: string) => (pg ? iso : iso.replace('T', ' ').replace('Z', ''))
    await db
      .from('study_cards')
      .where('id', cards[0].id)
      .update({ due_at: at('2028-02-28T23:59:59Z') })
    await db
      .from('study_cards')
      .where('id', cards[1].id)
      .update({ due_at: at('2028-02-29T00:00:00Z') })
    await db
      .from('study_cards')
      .where('id', cards[2].id)
      .update({ due_at: at('2028-03-01T00:00:00Z') })
    const stats = async () => (await client.get(urlFor('api.study.stats')).loginAs(user)).body()
    const before = await stats()
    assert.equal(before.due_now, 1)
    assert.deepEqual(before.due_next_14_days.slice(0, 3), [
      { date: '2028-02-28', count: 1 },
      { date: '2028-02-29', count: 1 },
      { date: '2028-03-01', count: 1 },
    ])
    assert.equal((await nextCard(client, user)).body().due_count, 1)
    clock.advance(1)
    const after = await stats()
    // A card due at exactly now is due; yesterday's overdue card counts today.
    assert.equal(after.due_now, 2)
    assert.deepEqual(after.due_next_14_days[0], { date: '2028-02-29', count: 2 })
    assert.lengthOf(after.due_next_14_days, 14)
    assert.equal(after.reviews_last_30_days[29].date, '2028-02-29')
    assert.equal(after.reviews_last_30_days[0].date, '2028-01-31')
  })

  test('a card whose set is deleted mid-review answers 404 and leaves the queue', async ({ client, assert }) => {
    const { user, set } = await userWithFlashcards(client, 2)
    const card = (await nextCard(client, user)).body().card
    ;(await api(client, user).delete(`/api/study/library/flashcards/${set.id}`)).assertStatus(204)
    const rated = await rateCard(client, user, card.id, { rating: 3 })
    assertErrorBody(assert, rated, 404, 'NOT_FOUND')
    assert.deepEqual((await nextCard(client, user)).body(), { card: null, due_count: 0 })
    assert.equal(await countRows('study_review_logs'), 0)
  })

  test("another student's set, game or card is 404 whatever the id looks like", async ({ client, assert }) => {
    const { user, set } = await userWithFlashcards(client, 1)
    const card = (await nextCard(client, user)).body().card
    const other = await createUser()
    for (const id of [card.id, `0${card.id}`, '0x1', '1e0', '99999999999999']) {
      const response = await rateCard(client, other, id, { rating: 3 })
      assertErrorBody(assert, response, 404, 'NOT_FOUND')
    }
    assertErrorBody(
      assert,
      await api(client, other).put(`/api/study/sets/${set.id}/exam`, { note_id: null }),
      404,
      'NOT_FOUND'
    )
    assert.equal(await countRows('study_review_logs'), 0)
  })
})
