import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { CardState } from '#services/study/review/fsrs_scheduler'

/** A timestamp column as read raw: a Date (PostgreSQL) or 'yyyy-MM-dd HH:mm:ss' UTC (SQLite). */
export function readTime(value: unknown): Date | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value
  const text = String(value)
  const parsed = DateTime.fromSQL(text, { zone: 'utc' })
  return (parsed.isValid ? parsed : DateTime.fromISO(text, { zone: 'utc' })).toJSDate()
}

/** A UTC instant as the active dialect stores it (raw writes and comparisons). */
export function writeTime(value: Date): string {
  const utc = DateTime.fromJSDate(value, { zone: 'utc' })
  if (db.connection().dialect.name === 'postgres') return utc.toISO()!
  return utc.toFormat('yyyy-MM-dd HH:mm:ss')
}

/** Whole seconds: SQLite stores timestamps to the second, so both databases schedule alike. */
export function wholeSecond(value: Date = new Date()): Date {
  return new Date(Math.floor(value.getTime() / 1000) * 1000)
}

export const CARD_STATE_COLUMNS = [
  'due_at',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'state',
  'last_review_at',
] as const

export function stateOfRow(row: Record<string, any>): CardState {
  return {
    due: readTime(row.due_at)!,
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: Number(row.elapsed_days),
    scheduled_days: Number(row.scheduled_days),
    learning_steps: Number(row.learning_steps),
    reps: Number(row.reps),
    lapses: Number(row.lapses),
    state: Number(row.state),
    last_review: readTime(row.last_review_at),
  }
}

export function rowOfState(state: CardState) {
  return {
    due_at: writeTime(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsed_days,
    scheduled_days: state.scheduled_days,
    learning_steps: state.learning_steps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    last_review_at: state.last_review ? writeTime(state.last_review) : null,
  }
}

/** Cards left out of review: their cited source was hard-deleted (the FK went NULL). */
export function notSuspended(query: any, alias = 'study_cards') {
  return query.where((q: any) => q.where(`${alias}.cited`, false).orWhereNotNull(`${alias}.source_document_id`))
}
