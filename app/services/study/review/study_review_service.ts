import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { StudyCardNotFoundError, StudyCardSuspendedError } from '#exceptions/study_errors'
import { studyConfig } from '#config/study'
import { FsrsScheduler, type ReviewRating } from '#services/study/review/fsrs_scheduler'
import { StudyClock } from '#services/study/review/study_clock'
import { dueCount, nextCard, type ReviewCardJson } from '#services/study/review/review_queue'
import { syncReviewCards } from '#services/study/review/review_cards_sync'
import { readTime, rowOfState, stateOfRow, wholeSecond, writeTime } from '#services/study/review/review_rows'
import { studyStats, type StudyStatsJson } from '#services/study/review/study_stats'
import { addTriviaCard } from '#services/study/review/trivia_cards'
import { markSetForExam } from '#services/study/review/exam_sets'
import { isoRequired } from '#transformers/iso'

/**
 * Whether this rating repeats the card's latest one within the duplicate window (a double
 * click or a retried request). The card row is locked first (PostgreSQL `FOR UPDATE`; SQLite
 * writes one at a time), so parallel submits see each other's log.
 */
async function isRepeatedSubmit(trx: TransactionClientContract, cardId: number, rating: number, now: Date) {
  const since = new Date(now.getTime() - studyConfig.duplicateRatingWindowSeconds * 1000)
  const last = await trx
    .from('study_review_logs')
    .where('card_id', cardId)
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .select('rating', 'reviewed_at')
    .first()
  return Boolean(last) && Number(last.rating) === rating && readTime(last.reviewed_at)! >= since
}

/**
 * Spaced review (issue 27, docs/rules/study.md#review): owner-scoped, no AI credit, any plan. The rules live
 * here and in the modules beside it; the API, the review page and the dashboard call this.
 */
@inject()
export class StudyReviewService {
  private scheduler = new FsrsScheduler()

  constructor(private clock: StudyClock) {}

  private now() {
    return wholeSecond(this.clock.now())
  }

  async next(userId: number): Promise<{ card: ReviewCardJson | null; due_count: number }> {
    const now = this.now()
    await syncReviewCards(userId, now)
    const [card, count] = await Promise.all([nextCard(userId, now, this.scheduler), dueCount(userId, now)])
    return { card, due_count: count }
  }

  /** One rating, saved at once: the card's new FSRS state and a review log row, together. */
  async rate(userId: number, cardId: number, rating: ReviewRating) {
    const now = this.now()
    const dueAt = await db.transaction(async (trx) => {
      const query = trx.from('study_cards').where('id', cardId).where('user_id', userId)
      if (trx.dialect.name === 'postgres') query.forUpdate()
      const row = await query.first()
      if (!row) throw new StudyCardNotFoundError()
      if (Boolean(row.cited) && row.source_document_id === null) throw new StudyCardSuspendedError()
      if (await isRepeatedSubmit(trx, cardId, rating, now)) return readTime(row.due_at)!
      const { card, log } = this.scheduler.rate(stateOfRow(row), rating, now)
      const againStreak = rating === 1 ? Number(row.again_streak) + 1 : 0
      const leech = row.leech_at === null && againStreak >= studyConfig.leechAgainStreak
      await trx
        .from('study_cards')
        .where('id', cardId)
        .update({
          ...rowOfState(card),
          again_streak: againStreak,
          ...(leech ? { leech_at: writeTime(now) } : {}),
          updated_at: writeTime(now),
        })
      await trx.table('study_review_logs').insert({
        card_id: cardId,
        user_id: userId,
        rating,
        state: log.state,
        due_at: writeTime(log.due),
        stability: log.stability,
        difficulty: log.difficulty,
        elapsed_days: log.elapsed_days,
        last_elapsed_days: log.last_elapsed_days,
        scheduled_days: log.scheduled_days,
        learning_steps: log.learning_steps,
        reviewed_at: writeTime(now),
      })
      return card.due
    })
    return { card_id: String(cardId), due_at: isoRequired(dueAt), due_count: await dueCount(userId, now) }
  }

  async stats(userId: number): Promise<StudyStatsJson> {
    const now = this.now()
    await syncReviewCards(userId, now)
    return studyStats(userId, now)
  }

  async addTriviaCard(userId: number, sessionId: number, index: number) {
    const now = this.now()
    await syncReviewCards(userId, now)
    return addTriviaCard(userId, sessionId, index, now, this.scheduler)
  }

  async markExam(userId: number, setId: number, noteId: number | null) {
    return markSetForExam(userId, setId, noteId, this.now())
  }
}
