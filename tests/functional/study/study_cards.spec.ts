import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { countRows, runTool } from '#tests/support/ai'
import { createUser } from '#tests/support/users'
import {
  FixedStudyClock,
  nextCard,
  startTrivia,
  studyGroup,
  useStudyClock,
  userWithFlashcards,
} from '#tests/support/study'
import { StudyProgressService } from '#services/study/review/study_progress_service'

const T0 = new Date('2026-03-02T09:00:00.000Z')

async function playedTrivia(client: any, submit = true) {
  const { user, doc, sessionId } = await startTrivia(client)
  const stored = JSON.parse((await db.from('ai_game_sessions').where('id', sessionId).first()).questions)
  if (submit) {
    const answers = stored.map((q: any, i: number) =>
      i === 1 ? (q.correctIndex + 1) % q.options.length : q.correctIndex
    )
    ;(await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId }), { answers })).assertStatus(200)
  }
  return { user, doc, sessionId, stored }
}

test.group('Study cards from missed trivia questions (issue 27 item 4)', (group) => {
  studyGroup(group, T0)

  // Adding the same question again answers the card made the first time.
  test('a scored question becomes one card citing the same passage, due now', async ({ client, assert }) => {
    const { user, sessionId, stored } = await playedTrivia(client)
    const response = await api(client, user).post(urlFor('api.study.cards.store'), {
      trivia_session_id: sessionId,
      index: 1,
    })
    response.assertStatus(201)
    const card = response.body()
    assert.equal(card.front, stored[1].question)
    assert.include(card.back, stored[1].options[stored[1].correctIndex])
    assert.include(card.back, stored[1].explanation)
    assert.deepEqual(card.source, stored[1].citation)
    assert.equal(card.due_at, T0.toISOString())

    const again = await api(client, user).post(urlFor('api.study.cards.store'), {
      trivia_session_id: String(sessionId),
      index: 1,
    })
    again.assertStatus(200)
    assert.equal(again.body().id, card.id)
    assert.equal(await countRows('study_cards', { user_id: user.id }), 1)

    const next = await nextCard(client, user)
    assert.equal(next.body().card.id, card.id)
    assert.equal(next.body().due_count, 1)
    // Its set is a flashcard set of the student's, so export and the library see it too.
    const set = await db.from('ai_flashcard_sets').where('id', Number(card.set_id)).first()
    assert.equal(Number(set.user_id), user.id)
  })

  test('foreign game → 404; unscored game, bad index or body → 400; nothing written', async ({ client, assert }) => {
    const { user, sessionId } = await playedTrivia(client)
    const stranger = await createUser()
    const foreign = await api(client, stranger).post(urlFor('api.study.cards.store'), {
      trivia_session_id: sessionId,
      index: 0,
    })
    assertErrorBody(assert, foreign, 404, 'NOT_FOUND')

    const unscored = await playedTrivia(client, false)
    const early = await api(client, unscored.user).post(urlFor('api.study.cards.store'), {
      trivia_session_id: unscored.sessionId,
      index: 0,
    })
    assertErrorBody(assert, early, 400, 'BAD_REQUEST')

    for (const body of [
      { trivia_session_id: sessionId, index: 3 },
      { trivia_session_id: sessionId, index: -1 },
      { trivia_session_id: sessionId, index: '1' },
      { trivia_session_id: sessionId },
      { index: 0 },
      { trivia_session_id: 'x', index: 0 },
      { trivia_session_id: '99999999999', index: 0 },
    ]) {
      const response = await api(client, user).post(urlFor('api.study.cards.store'), body)
      response.assertStatus(400)
      assert.equal(response.body().code, 'BAD_REQUEST', JSON.stringify(body))
    }
    assert.equal(await countRows('study_cards'), 0)
    assert.equal(await countRows('ai_flashcards'), 0)
  })
})

test.group('Study review: sets for an exam (issue 27 item 2)', (group) => {
  studyGroup(group, T0)

  // Before the deadline the dashboard also counts the exam cards left.
  test('before the deadline the exam set comes first; after it, plain due order', async ({ client, assert }) => {
    const clock = useStudyClock(T0)
    const { user, doc, set: older } = await userWithFlashcards(client, 2)
    const second = await runTool(client, user, 'flashcards', { scope: { document_ids: [doc.id] }, count: 3 })
    const examSet = second.body()
    const note = await api(client, user).post(urlFor('api.notes.store'), {
      title: 'Biology final',
      deadline_at: '2026-03-10T09:00:00Z',
    })
    note.assertStatus(201)

    const before = await nextCard(client, user)
    assert.equal(before.body().card.set_id, older.id)

    const marked = await api(client, user).put(urlFor('api.study.sets.exam', { setId: examSet.id }), {
      note_id: note.body().id,
    })
    marked.assertStatus(200)
    const next = await nextCard(client, user)
    assert.equal(next.body().card.set_id, examSet.id)
    assert.equal(next.body().due_count, 5)

    const progress = await new StudyProgressService(new FixedStudyClock(T0)).forUser(user.id)
    assert.lengthOf(progress.exams, 1)
    assert.equal(progress.exams[0].title, 'Biology final')
    assert.equal(progress.exams[0].cards_left, 3)
    assert.equal(progress.sets.find((s) => s.set_id === examSet.id)?.exam_note_id, String(note.body().id))

    clock.advance(9 * 86_400)
    const after = await nextCard(client, user)
    assert.equal(after.body().card.set_id, older.id)

    const foreignNote = await createUser()
    const other = await api(client, foreignNote).put(urlFor('api.study.sets.exam', { setId: examSet.id }), {
      note_id: note.body().id,
    })
    other.assertStatus(404)
    const bad = await api(client, user).put(urlFor('api.study.sets.exam', { setId: examSet.id }), { note_id: 'soon' })
    bad.assertStatus(400)
    // The deadline is behind the clock now: no longer an exam to mark.
    const past = await api(client, user).put(urlFor('api.study.sets.exam', { setId: examSet.id }), {
      note_id: note.body().id,
    })
    past.assertStatus(400)
    const cleared = await api(client, user).put(urlFor('api.study.sets.exam', { setId: examSet.id }), { note_id: null })
    cleared.assertStatus(200)
    assert.equal(await countRows('study_set_exams'), 0)
  })
})
