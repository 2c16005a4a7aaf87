import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { countRows } from '#tests/support/ai'
import { nextCard, rateCard, studyGroup, useStudyClock, userWithFlashcards } from '#tests/support/study'

const T0 = new Date('2026-03-02T09:00:00.000Z')

/**
 * Spaced review with outside input (docs/decisions/study_review.md "Audit with outside input"):
 * double submits, races and clocks nobody here wrote. Run on SQLite and PostgreSQL.
 */
test.group('Study review / a double submit is one rating', (group) => {
  studyGroup(group, T0)

  test('the same rating sent twice at once is saved once and answers the same result', async ({
    client,
    assert,
  }) => {
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
