/*
| Spaced review (docs/rules/study.md#review "Study loop", issue 27), types only: the study review services
| return them and the review page, the dashboard and the library's progress panel read them.
| Nothing here may import server code.
*/
export type ReviewIntervalsJson = { again: number; hard: number; good: number; easy: number }

export type ReviewCardJson = {
  id: string
  set_id: string
  front: string
  back: string
  source: { document_id: string; chunk_index: number } | null
  /** `/documents/<slug>?passage=<chunk_index>` of `source` (an addition to docs/rules/study.md#review shape). */
  source_url: string | null
  /** Seconds from now until the card is due again after each rating. */
  intervals: ReviewIntervalsJson
}

export type ReviewNextJson = { card: ReviewCardJson | null; due_count: number }
export type ReviewRatedJson = { card_id: string; due_at: string; due_count: number }
export type TriviaCardJson = ReviewCardJson & { due_at: string }

export type DayCountJson = { date: string; count: number }
export type StudyStatsJson = { due_now: number; due_next_14_days: DayCountJson[]; reviews_last_30_days: DayCountJson[] }

export type ExamJson = { note_id: string; title: string; deadline_at: string; set_ids: string[]; cards_left: number }

export type SetProgressJson = {
  set_id: string
  title: string
  card_count: number
  due_count: number
  suspended_count: number
  leech_count: number
  reviews: number
  /** Share of reviews rated Good or Easy, 0..1; null before the first review. */
  retention: number | null
  exam_note_id: string | null
}

export type StudyProgressJson = {
  total_due: number
  sets: SetProgressJson[]
  exams: ExamJson[]
  exam_notes: { id: string; title: string; deadline_at: string }[]
  chart: StudyStatsJson
}

export type StudyReviewPageProps = { next: ReviewNextJson; progress: StudyProgressJson }
