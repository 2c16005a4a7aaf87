import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { jsonColumn, scopeColumn } from '#models/ai_json'
import type { StoredTriviaQuestion } from '#models/ai_game_session'
import {
  StudyTriviaIndexError,
  StudyTriviaNotScoredError,
  StudyTriviaSessionNotFoundError,
} from '#exceptions/study_errors'
import { isUniqueViolation } from '#services/database/unique_violation'
import type { FsrsScheduler } from '#services/study/review/fsrs_scheduler'
import { insertCards } from '#services/study/review/review_cards_sync'
import { reviewCardOf } from '#services/study/review/review_queue'
import type { TriviaCardJson } from '#shared/api/study_review'
import { readTime, writeTime } from '#services/study/review/review_rows'
import { isoRequired } from '#transformers/iso'

const questionsOf = jsonColumn<StoredTriviaQuestion[]>([]).consume

export type TriviaCardResult = { created: boolean; card: TriviaCardJson }

/**
 * "Add to my cards" (issue 27 item 4): a scored trivia question becomes a flashcard (question
 * on the front; the right answer and its explanation on the back) citing the same passage, in
 * one "Missed trivia" set per game, with its review card due now. Adding it again answers the
 * card already made.
 */
export async function addTriviaCard(
  userId: number,
  sessionId: number,
  index: number,
  now: Date,
  scheduler: FsrsScheduler
): Promise<TriviaCardResult> {
  const session = await db.from('ai_game_sessions').where('id', sessionId).where('user_id', userId).first()
  if (!session) throw new StudyTriviaSessionNotFoundError()
  const scored = await db
    .from('ai_game_attempts')
    .where('session_id', sessionId)
    .where('user_id', userId)
    .select('id')
    .first()
  if (!scored) throw new StudyTriviaNotScoredError()
  const questions = questionsOf(session.questions)
  const question = questions[index]
  if (!question) throw new StudyTriviaIndexError(questions.length)

  const existing = await cardOf(userId, sessionId, index, scheduler, now)
  if (existing) return { created: false, card: existing }
  let created = false
  try {
    await db.transaction(async (trx) => {
      const setId = await setForSession(trx, userId, session, now)
      const position = await trx.from('ai_flashcards').where('set_id', setId).max('position as top').first()
      const answer = question.options[question.correctIndex] ?? ''
      const [flashcard] = await trx
        .table('ai_flashcards')
        .insert({
          set_id: setId,
          position: Number(position?.top ?? -1) + 1,
          front: question.question,
          back: [answer, question.explanation].filter(Boolean).join('\n\n'),
          citation: question.citation ? JSON.stringify(question.citation) : null,
          created_at: writeTime(now),
        })
        .returning('id')
      const flashcardId = Number(typeof flashcard === 'object' ? flashcard.id : flashcard)
      await insertCards(trx, userId, [{ id: flashcardId, set_id: setId, citation: question.citation ?? null }], now, {
        trivia_session_id: sessionId,
        trivia_index: index,
      })
    })
    created = true
  } catch (error) {
    // Two clicks at once: the other request made the card (PostgreSQL refused this insert once
    // it committed; SQLite's single writer lets the lookup above see it): answer it, as made before.
    if (!isUniqueViolation(error)) throw error
  }
  const card = await cardOf(userId, sessionId, index, scheduler, now)
  return { created, card: card! }
}

async function setForSession(
  trx: TransactionClientContract,
  userId: number,
  session: Record<string, any>,
  now: Date
): Promise<number> {
  const known = await trx
    .from('study_cards')
    .where('user_id', userId)
    .where('trivia_session_id', session.id)
    .select('set_id')
    .first()
  if (known) return Number(known.set_id)
  const topic =
    typeof session.focus_topic === 'string' && session.focus_topic.trim() ? `: ${session.focus_topic.trim()}` : ''
  const [set] = await trx
    .table('ai_flashcard_sets')
    .insert({
      user_id: userId,
      title: `Missed trivia questions${topic}`.slice(0, 255),
      scope: JSON.stringify(scopeColumn().consume(session.scope)),
      provider: String(session.provider ?? 'local'),
      created_at: writeTime(now),
      updated_at: writeTime(now),
    })
    .returning('id')
  return Number(typeof set === 'object' ? set.id : set)
}

async function cardOf(userId: number, sessionId: number, index: number, scheduler: FsrsScheduler, now: Date) {
  const row = await db
    .from('study_cards as c')
    .join('ai_flashcards as f', 'f.id', 'c.flashcard_id')
    .leftJoin('documents as d', 'd.id', 'c.source_document_id')
    .where('c.user_id', userId)
    .where('c.trivia_session_id', sessionId)
    .where('c.trivia_index', index)
    .select('c.*', 'f.front', 'f.back', 'd.slug as source_slug')
    .first()
  if (!row) return null
  return { ...reviewCardOf(row, scheduler, now), due_at: isoRequired(readTime(row.due_at)!) }
}
