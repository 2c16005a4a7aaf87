import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createEmptyCard, fsrs, generatorParameters, type Card, type Grade } from 'ts-fsrs'
import { FsrsScheduler, type ReviewRating } from '#services/study/review/fsrs_scheduler'
import { StudyReviewService } from '#services/study/review/study_review_service'
import { createUser } from '#tests/support/users'
import { restoreStudyClock, useStudyClock } from '#tests/support/study'

/** A fixed review history: [seconds after the previous review, rating]. */
const HISTORY: [number, ReviewRating][] = [
  [0, 3],
  [600, 3],
  [86_400 * 2, 1],
  [600, 2],
  [86_400, 3],
  [86_400 * 5, 4],
  [86_400 * 20, 3],
  [86_400 * 3, 1],
  [300, 3],
  [86_400 * 40, 4],
]
const START = new Date('2026-01-05T08:00:00.000Z')

/** The same history straight through ts-fsrs, with the parameters the app uses. */
function reference() {
  const engine = fsrs(
    generatorParameters({
      request_retention: 0.9,
      maximum_interval: 36500,
      enable_fuzz: false,
      enable_short_term: true,
    })
  )
  let card: Card = createEmptyCard(START)
  let at = START
  const out: {
    due: string
    stability: number
    difficulty: number
    state: number
    reps: number
    lapses: number
    intervals: number[]
  }[] = []
  for (const [gap, rating] of HISTORY) {
    at = new Date(at.getTime() + gap * 1000)
    const preview = engine.repeat(card, at)
    const intervals = ([1, 2, 3, 4] as Grade[]).map((g) =>
      Math.round((preview[g].card.due.getTime() - at.getTime()) / 1000)
    )
    card = engine.next(card, at, rating as Grade).card
    out.push({
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
      state: card.state,
      reps: card.reps,
      lapses: card.lapses,
      intervals,
    })
  }
  return out
}

test.group('FSRS scheduler against ts-fsrs (issue 27)', () => {
  test('FsrsScheduler gives the intervals and states of ts-fsrs for a fixed history', ({ assert }) => {
    const scheduler = new FsrsScheduler({ requestRetention: 0.9, maximumIntervalDays: 36500 })
    let state = FsrsScheduler.newState(START)
    let at = START
    const expected = reference()
    HISTORY.forEach(([gap, rating], i) => {
      at = new Date(at.getTime() + gap * 1000)
      const intervals = scheduler.intervals(state, at)
      assert.deepEqual(
        [intervals.again, intervals.hard, intervals.good, intervals.easy],
        expected[i].intervals,
        `step ${i}`
      )
      state = scheduler.rate(state, rating, at).card
      assert.equal(state.due.toISOString(), expected[i].due, `due at step ${i}`)
      assert.closeTo(state.stability, expected[i].stability, 1e-9)
      assert.closeTo(state.difficulty, expected[i].difficulty, 1e-9)
      assert.equal(state.state, expected[i].state)
      assert.equal(state.lapses, expected[i].lapses)
    })
    // The history really reached long intervals and a lapse, so it exercises FSRS itself.
    assert.equal(expected.at(-1)!.lapses, 2)
    assert.isAbove(new Date(expected.at(-1)!.due).getTime() - at.getTime(), 86_400_000 * 7)
  })

  test('ratings saved through the database follow ts-fsrs step by step', async ({ assert, cleanup }) => {
    cleanup(await testUtils.db().withGlobalTransaction())
    const clock = useStudyClock(START)
    cleanup(() => restoreStudyClock())
    const user = await createUser()
    const now = '2026-01-05 08:00:00'
    const [set] = await db
      .table('ai_flashcard_sets')
      .insert({
        user_id: user.id,
        title: 'History',
        scope: '{"document_ids":[],"course_id":null}',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    const setId = Number(typeof set === 'object' ? set.id : set)
    await db.table('ai_flashcards').insert({ set_id: setId, position: 0, front: 'Q', back: 'A', created_at: now })
    const service = new StudyReviewService(clock)
    const expected = reference()
    let cardId = ''
    for (const [i, [gap, rating]] of HISTORY.entries()) {
      clock.advance(gap)
      if (i === 0) {
        const next = await service.next(user.id)
        cardId = next.card!.id
        assert.deepEqual(Object.values(next.card!.intervals), expected[0].intervals)
      }
      const saved = await service.rate(user.id, Number(cardId), rating)
      assert.equal(saved.due_at, expected[i].due, `due at step ${i}`)
    }
    const row = await db.from('study_cards').where('id', Number(cardId)).first()
    assert.closeTo(Number(row.stability), expected.at(-1)!.stability, 1e-9)
    assert.closeTo(Number(row.difficulty), expected.at(-1)!.difficulty, 1e-9)
    assert.equal(Number(row.reps), expected.at(-1)!.reps)
    assert.equal(Number(row.lapses), 2)
    const logs = await db.from('study_review_logs').where('card_id', Number(cardId)).orderBy('id').select('rating')
    assert.deepEqual(
      logs.map((l) => Number(l.rating)),
      HISTORY.map(([, r]) => r)
    )
  })
})
