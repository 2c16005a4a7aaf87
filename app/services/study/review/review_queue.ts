import db from '@adonisjs/lucid/services/db'
import type { FsrsScheduler } from '#services/study/review/fsrs_scheduler'
import type { ReviewCardJson } from '#shared/api/study_review'
import { passageUrl } from '#services/study/review/passage_url'
import { notSuspended, stateOfRow, writeTime } from '#services/study/review/review_rows'

export type { ReviewCardJson }

/** Due now, not suspended, of one user: the base of the due count and the next card. */
function dueCards(userId: number, now: Date) {
  return notSuspended(
    db.from('study_cards').where('study_cards.user_id', userId).where('study_cards.due_at', '<=', writeTime(now))
  )
}

/** Exam marks whose note is active with its deadline still ahead (issue 27: they come first). */
function examsAhead(query: any, setColumn: string, userId: number, now: Date) {
  return query
    .join('study_set_exams as e', 'e.set_id', setColumn)
    .join('structured_notes as n', 'n.id', 'e.note_id')
    .where('e.user_id', userId)
    .where('n.status', 'active')
    .whereNotNull('n.deadline_at')
    .where('n.deadline_at', '>', writeTime(now))
}

export async function dueCount(userId: number, now: Date): Promise<number> {
  const row = await dueCards(userId, now).count('* as total').first()
  return Number(row?.total ?? 0)
}

/**
 * The next due card: the one due longest ago, from an exam set first while that exam is
 * ahead. The plain read walks the (user_id, due_at, id) index and stops at the first row; the
 * exam read starts from the few marked sets (study_cards(set_id, due_at)).
 */
export async function nextCard(userId: number, now: Date, scheduler: FsrsScheduler): Promise<ReviewCardJson | null> {
  const pick = (forExam: boolean) => {
    const query = dueCards(userId, now)
      .join('ai_flashcards as f', 'f.id', 'study_cards.flashcard_id')
      .leftJoin('documents as d', 'd.id', 'study_cards.source_document_id')
      .orderBy('study_cards.due_at', 'asc')
      .orderBy('study_cards.id', 'asc')
      .select('study_cards.*', 'f.front', 'f.back', 'd.slug as source_slug')
    if (forExam) examsAhead(query, 'study_cards.set_id', userId, now)
    return query.first()
  }
  // Both reads at once (two pooled connections): one round trip of latency, not two.
  const [exam, plain] = await Promise.all([pick(true), pick(false)])
  const row = exam ?? plain
  return row ? reviewCardOf(row, scheduler, now) : null
}

/** A study_cards row joined with its flashcard (front, back) and source document (source_slug), for the client. */
export function reviewCardOf(row: any, scheduler: FsrsScheduler, now: Date): ReviewCardJson {
  return {
    id: String(row.id),
    set_id: String(row.set_id),
    front: row.front,
    back: row.back,
    source: passageOf(row),
    source_url: sourceUrlOf(row),
    intervals: scheduler.intervals(stateOfRow(row), now),
  }
}

export function sourceUrlOf(row: { source_slug?: unknown; source_chunk_index: unknown; source_document_id: unknown }) {
  const source = passageOf(row)
  return source && typeof row.source_slug === 'string' ? passageUrl(row.source_slug, source.chunk_index) : null
}

export function passageOf(row: { source_document_id: unknown; source_chunk_index: unknown }) {
  if (row.source_document_id === null || row.source_document_id === undefined) return null
  if (row.source_chunk_index === null || row.source_chunk_index === undefined) return null
  return { document_id: String(row.source_document_id), chunk_index: Number(row.source_chunk_index) }
}
