import db from '@adonisjs/lucid/services/db'
import {
  StudyExamNoteWithoutDeadlineError,
  StudyNoteNotFoundError,
  StudySetNotFoundError,
} from '#exceptions/study_errors'
import { notSuspended, readTime, writeTime } from '#services/study/review/review_rows'

import type { ExamJson } from '#shared/api/study_review'
import { isoRequired } from '#transformers/iso'

/**
 * "For this exam" (issue 27): a note with a deadline ahead marks a flashcard set; until the
 * deadline its due cards are served first. `noteId` null clears the mark.
 */
export async function markSetForExam(userId: number, setId: number, noteId: number | null, now: Date) {
  const set = await db.from('ai_flashcard_sets').where('id', setId).where('user_id', userId).select('id').first()
  if (!set) throw new StudySetNotFoundError()
  if (noteId === null) {
    await db.from('study_set_exams').where('set_id', setId).where('user_id', userId).delete()
    return { set_id: String(setId), exam: null }
  }
  const note = await db
    .from('structured_notes')
    .where('id', noteId)
    .where('user_id', userId)
    .where('status', 'active')
    .first()
  if (!note) throw new StudyNoteNotFoundError()
  const deadline = readTime(note.deadline_at)
  if (!deadline || deadline.getTime() <= now.getTime()) throw new StudyExamNoteWithoutDeadlineError()
  await db
    .table('study_set_exams')
    .insert({ user_id: userId, set_id: setId, note_id: noteId, created_at: writeTime(now) })
    .onConflict('set_id')
    .merge(['note_id'])
  return {
    set_id: String(setId),
    exam: { note_id: String(noteId), title: String(note.title), deadline_at: isoRequired(deadline) },
  }
}

/** The exams still ahead with their sets, and the cards left to see before each deadline. */
export async function upcomingExams(userId: number, now: Date): Promise<ExamJson[]> {
  const rows = await db
    .from('study_set_exams as e')
    .join('structured_notes as n', 'n.id', 'e.note_id')
    .where('e.user_id', userId)
    .where('n.status', 'active')
    .whereNotNull('n.deadline_at')
    .where('n.deadline_at', '>', writeTime(now))
    .orderBy('n.deadline_at', 'asc')
    .select('e.set_id', 'n.id as note_id', 'n.title', 'n.deadline_at')
  const exams = new Map<number, { title: string; deadline: Date; setIds: number[] }>()
  for (const row of rows) {
    const id = Number(row.note_id)
    const exam = exams.get(id) ?? { title: String(row.title), deadline: readTime(row.deadline_at)!, setIds: [] }
    exam.setIds.push(Number(row.set_id))
    exams.set(id, exam)
  }
  const out: ExamJson[] = []
  for (const [noteId, exam] of exams) {
    const left = await notSuspended(
      db
        .from('study_cards')
        .where('user_id', userId)
        .whereIn('set_id', exam.setIds)
        .where('due_at', '<=', writeTime(exam.deadline))
    )
      .count('* as total')
      .first()
    out.push({
      note_id: String(noteId),
      title: exam.title,
      deadline_at: isoRequired(exam.deadline),
      set_ids: exam.setIds.map(String),
      cards_left: Number(left?.total ?? 0),
    })
  }
  return out
}

/** Notes the student can pick as an exam: active, with a deadline still ahead. */
export async function examNotes(userId: number, now: Date) {
  const rows = await db
    .from('structured_notes')
    .where('user_id', userId)
    .where('status', 'active')
    .whereNotNull('deadline_at')
    .where('deadline_at', '>', writeTime(now))
    .orderBy('deadline_at', 'asc')
    .limit(50)
    .select('id', 'title', 'deadline_at')
  return rows.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    deadline_at: isoRequired(readTime(row.deadline_at)!),
  }))
}
