import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { StudyClock } from '#services/study/review/study_clock'
import { syncReviewCards } from '#services/study/review/review_cards_sync'
import { wholeSecond, writeTime } from '#services/study/review/review_rows'
import { studyStats } from '#services/study/review/study_stats'
import { dueCount } from '#services/study/review/review_queue'
import { examNotes, upcomingExams } from '#services/study/review/exam_sets'

import type { SetProgressJson, StudyProgressJson } from '#shared/api/study_review'

/**
 * What the dashboard and the library show of spaced review (issue 27 items 2 and 5): due
 * cards per set and in total, retention and leeches per set, the exams ahead, the chart data.
 */
@inject()
export class StudyProgressService {
  constructor(private clock: StudyClock) {}

  /**
   * `light` (the dashboard) leaves out what reads the review logs, the charts and retention,
   * the costly part with 100,000 logs: the due counts and exams stay exact.
   */
  async forUser(userId: number, options: { light?: boolean } = {}): Promise<StudyProgressJson> {
    const now = wholeSecond(this.clock.now())
    await syncReviewCards(userId, now)
    const dueAt = writeTime(now)
    const suspended = 'case when c.cited and c.source_document_id is null then 1 else 0 end'
    const [sets, reviews, chart, exams, notes, marks] = await Promise.all([
      db
        .from('study_cards as c')
        .join('ai_flashcard_sets as s', 's.id', 'c.set_id')
        .where('c.user_id', userId)
        .groupBy('c.set_id', 's.title')
        .orderBy('c.set_id', 'desc')
        .select('c.set_id', 's.title')
        .count('* as card_count')
        .select(db.raw(`sum(${suspended}) as suspended_count`))
        .select(db.raw(`sum(case when c.due_at <= ? and (${suspended}) = 0 then 1 else 0 end) as due_count`, [dueAt]))
        .select(db.raw('sum(case when c.leech_at is not null then 1 else 0 end) as leech_count')),
      options.light ? Promise.resolve([]) : reviewsPerSet(userId),
      options.light
        ? dueCount(userId, now).then((due) => ({ due_now: due, due_next_14_days: [], reviews_last_30_days: [] }))
        : studyStats(userId, now),
      upcomingExams(userId, now),
      examNotes(userId, now),
      db.from('study_set_exams').where('user_id', userId).select('set_id', 'note_id'),
    ])
    const reviewsBySet = new Map(reviews.map((row: any) => [Number(row.set_id), row]))
    const examBySet = new Map(marks.map((row: any) => [Number(row.set_id), String(row.note_id)]))
    const progress: SetProgressJson[] = sets.map((row: any) => {
      const logged = reviewsBySet.get(Number(row.set_id))
      const count = Number(logged?.reviews ?? 0)
      return {
        set_id: String(row.set_id),
        title: String(row.title),
        card_count: Number(row.card_count),
        due_count: Number(row.due_count ?? 0),
        suspended_count: Number(row.suspended_count ?? 0),
        leech_count: Number(row.leech_count ?? 0),
        reviews: count,
        retention: count > 0 ? Number(logged.remembered) / count : null,
        exam_note_id: examBySet.get(Number(row.set_id)) ?? null,
      }
    })
    return { total_due: chart.due_now, sets: progress, exams, exam_notes: notes, chart }
  }
}

/** Reviews per set and how many were rated Good or Easy (retention). */
function reviewsPerSet(userId: number): Promise<any[]> {
  return db
    .from('study_review_logs as l')
    .join('study_cards as c', 'c.id', 'l.card_id')
    .where('l.user_id', userId)
    .groupBy('c.set_id')
    .select('c.set_id')
    .count('* as reviews')
    .select(db.raw('sum(case when l.rating >= 3 then 1 else 0 end) as remembered'))
}
