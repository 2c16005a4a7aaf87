import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Document from '#models/document'
import type User from '#models/user'
import { api, assertErrorBody } from '#tests/support/http'
import { createCourse, createDocument } from '#tests/support/catalog'
import { createNote } from '#tests/support/notes'
import { createUser } from '#tests/support/users'
import { startTrivia } from '#tests/support/study'
import { resetAiLimiter } from '#tests/support/ai'
import { insertCards } from '#services/study/review/review_cards_sync'

/*
| A write that points at a row another request deletes meanwhile. The route's lookup found the
| row (the delete was not committed yet); PostgreSQL then checks the foreign key at the write,
| waits for the deleting transaction and refuses the write when it commits (23503), which
| answered 500. SQLite's single writer lets the lookup see the row gone (404), so these run on
| PostgreSQL only. Commits for real (no global transaction): the race is between connections.
*/
const onSqlite = () => db.connection().dialect.name !== 'postgres'

/** Resolves once a backend of this database waits on a row lock (the request reached its write). */
async function requestWaitsOnLock() {
  for (let i = 0; i < 100; i++) {
    const result = await db.rawQuery(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
    )
    if (result.rows[0].n > 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the request never waited on the deleting transaction')
}

/** Sends `send()` while a transaction makes `change` and commits once the request waits on its lock. */
async function committedDuring<T>(
  change: (trx: TransactionClientContract) => Promise<unknown>,
  send: () => Promise<T>
) {
  const trx = await db.transaction()
  try {
    await change(trx)
    const pending = send()
    await requestWaitsOnLock()
    await trx.commit()
    return await pending
  } catch (error) {
    if (!trx.isCompleted) await trx.rollback()
    throw error
  }
}

/** Sends `send()` while `table` row `id` is deleted by a transaction that commits mid-request. */
function deletedDuring<T>(table: string, id: number, send: () => Promise<T>): Promise<T> {
  return committedDuring((trx) => trx.from(table).where('id', id).delete(), send)
}

/** Sends `send()` while a transaction inserts `row` into `table` and commits mid-request. */
function insertedDuring<T>(table: string, row: Record<string, unknown>, send: () => Promise<T>): Promise<T> {
  return committedDuring((trx) => trx.table(table).insert(row), send)
}

test.group('Hostile input / a row deleted under a concurrent write (PostgreSQL)', (group) => {
  const userIds: number[] = []
  group.each.setup(() => async () => {
    await db.from('users').whereIn('id', userIds).delete()
    userIds.length = 0
  })

  test('adding a document to a course deleted meanwhile is 404 and leaves the document as it was', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    userIds.push(user.id)
    const course = await createCourse({ ownerId: user.id, visibility: 'private' })
    const document = await createDocument({ ownerId: user.id, visibility: 'private' })
    const response = await deletedDuring('courses', course.id, async () =>
      api(client, user).post(urlFor('api.my.courses.documents.add', { id: course.id, documentId: document.id }))
    )
    assertErrorBody(assert, response, 404, 'NOT_FOUND')
    const row = await Document.findOrFail(document.id)
    assert.isNull(row.courseId)
    await row.delete()
  }).skip(onSqlite(), 'a single SQLite writer cannot interleave the lookup and the delete')

  test('referencing a document deleted meanwhile is 404 and adds no reference', async ({ client, assert }) => {
    const user = await createUser()
    const owner = await createUser()
    userIds.push(user.id, owner.id)
    const document = await createDocument({ ownerId: owner.id, visibility: 'public' })
    const note = await createNote(client, user, { title: 'Exam prep' })
    const response = await deletedDuring('documents', document.id, async () =>
      api(client, user).post(urlFor('api.notes.references.store', { id: note.id }), {
        target_type: 'document',
        target_id: String(document.id),
      })
    )
    assertErrorBody(assert, response, 404, 'NOT_FOUND')
    const refs = await db.from('structured_note_references').where('note_id', Number(note.id))
    assert.lengthOf(refs, 0)
  }).skip(onSqlite(), 'a single SQLite writer cannot interleave the lookup and the delete')

  test('saving a canvas card while another save creates it is 200 and leaves one card (was 500, 23505)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    userIds.push(user.id)
    const note = await createNote(client, user, { title: 'Canvas race' })
    const now = new Date()
    const box = { x: 10, y: 20, width: 300, height: 200 }
    const other = { note_id: note.id, x: 1, y: 1, width: 100, height: 100, created_at: now, updated_at: now }
    const response = await insertedDuring('structured_note_canvas_items', other, async () =>
      api(client, user).patch(urlFor('api.notes.canvas', { id: note.id }), box)
    )
    response.assertStatus(200)
    const cards = await db.from('structured_note_canvas_items').where('note_id', note.id)
    assert.lengthOf(cards, 1)
    assert.containsSubset(cards[0], box)
  }).skip(onSqlite(), 'a single SQLite writer cannot interleave the two inserts')
})

/** A pro user's trivia game, answered, so each question can become a card (docs/rules/study.md#review). */
async function scoredTrivia(client: ApiClient) {
  await resetAiLimiter()
  const { user, doc, sessionId } = await startTrivia(client, 2)
  const stored = JSON.parse((await db.from('ai_game_sessions').where('id', sessionId).first()).questions)
  const answers = stored.map((q: { correctIndex: number }) => q.correctIndex)
  ;(await api(client, user).post(urlFor('api.ai.trivia.submit', { sessionId }), { answers })).assertStatus(200)
  return { user, doc, sessionId: Number(sessionId) }
}

const addCard = (client: ApiClient, user: User, sessionId: number) =>
  api(client, user).post(urlFor('api.study.cards.store'), { trivia_session_id: sessionId, index: 1 })

test.group('Hostile input / the same trivia card added twice at once', (group) => {
  const made: { user: User; doc: Document }[] = []
  group.each.setup(() => async () => {
    for (const { user, doc } of made) {
      await db.from('documents').where('id', doc.id).delete()
      await db.from('users').where('id', user.id).delete()
    }
    made.length = 0
  })

  test('five requests at once: one 201, four 200, one card, the same in every answer', async ({ client, assert }) => {
    const { user, doc, sessionId } = await scoredTrivia(client)
    made.push({ user, doc })
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => addCard(client, user, sessionId)))
    assert.deepEqual(responses.map((r) => r.status()).sort(), [200, 200, 200, 200, 201])
    const cards = await db.from('study_cards').where('user_id', user.id)
    assert.lengthOf(cards, 1)
    for (const response of responses) assert.equal(response.body().id, String(cards[0].id))
  })

  test('a card another request commits meanwhile is answered 200 with that card (was 201)', async ({
    client,
    assert,
  }) => {
    const { user, doc, sessionId } = await scoredTrivia(client)
    made.push({ user, doc })
    const now = new Date()
    const response = await committedDuring(
      async (trx) => {
        const [set] = await trx
          .table('ai_flashcard_sets')
          .insert({
            user_id: user.id,
            title: 'Missed trivia questions',
            scope: '{}',
            provider: 'local',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
        const setId = Number(set.id)
        const [flashcard] = await trx
          .table('ai_flashcards')
          .insert({ set_id: setId, position: 0, front: 'Q', back: 'A', citation: null, created_at: now })
          .returning('id')
        const flashcardId = Number(flashcard.id)
        await insertCards(trx, user.id, [{ id: flashcardId, set_id: setId, citation: null }], now, {
          trivia_session_id: sessionId,
          trivia_index: 1,
        })
      },
      async () => addCard(client, user, sessionId)
    )
    response.assertStatus(200)
    const cards = await db.from('study_cards').where('user_id', user.id)
    assert.lengthOf(cards, 1)
    assert.equal(response.body().id, String(cards[0].id))
    assert.equal(response.body().front, 'Q')
  }).skip(onSqlite(), 'a single SQLite writer cannot interleave the two inserts')
})
