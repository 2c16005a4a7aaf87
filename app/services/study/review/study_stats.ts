import db from '@adonisjs/lucid/services/db'
import { notSuspended, writeTime } from '#services/study/review/review_rows'
import { dueCount } from '#services/study/review/review_queue'

import type { DayCountJson as DayCount, StudyStatsJson } from '#shared/api/study_review'

export type { StudyStatsJson }

const DAY_MS = 86_400_000

/** 'YYYY-MM-DD' of a UTC instant. Days are UTC days (docs/decisions.md: no per-user zone yet). */
export function utcDate(value: Date): string {
  return value.toISOString().slice(0, 10)
}

function startOfUtcDay(value: Date): Date {
  return new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()))
}

/** The dialect's expression for the UTC calendar day of a timestamp column. */
function dayOf(column: string): { group: string; label: string } {
  if (db.connection().dialect.name !== 'postgres')
    return { group: `substr(${column}, 1, 10)`, label: `substr(${column}, 1, 10)` }
  // A cast per row and text per group: cheaper than to_char on every row.
  const day = `(${column} at time zone 'UTC')::date`
  return { group: day, label: `${day}::text` }
}

async function countsByDay(query: any, column: string): Promise<Map<string, number>> {
  const day = dayOf(column)
  const rows = await query
    .select(db.raw(`${day.label} as day`))
    .count('* as total')
    .groupByRaw(day.group)
  return new Map(rows.map((row: any) => [String(row.day), Number(row.total)]))
}

/**
 * docs/rules/study.md#review `GET /api/study/stats`: cards due now; cards due on each of the next 14 days
 * (today counts what is overdue too); reviews on each of the last 30 days (today included).
 */
export async function studyStats(userId: number, now: Date): Promise<StudyStatsJson> {
  const today = startOfUtcDay(now)
  const horizon = new Date(today.getTime() + 14 * DAY_MS)
  const since = new Date(today.getTime() - 29 * DAY_MS)
  const [due, upcoming, reviews] = await Promise.all([
    dueCount(userId, now),
    countsByDay(
      notSuspended(db.from('study_cards').where('user_id', userId).where('due_at', '<', writeTime(horizon))),
      'due_at'
    ),
    countsByDay(
      db.from('study_review_logs').where('user_id', userId).where('reviewed_at', '>=', writeTime(since)),
      'reviewed_at'
    ),
  ])
  const todayKey = utcDate(today)
  let overdue = 0
  for (const [day, count] of upcoming) if (day < todayKey) overdue += count
  const dueDays: DayCount[] = []
  for (let i = 0; i < 14; i++) {
    const date = utcDate(new Date(today.getTime() + i * DAY_MS))
    dueDays.push({ date, count: (upcoming.get(date) ?? 0) + (i === 0 ? overdue : 0) })
  }
  const reviewDays: DayCount[] = []
  for (let i = 0; i < 30; i++) {
    const date = utcDate(new Date(since.getTime() + i * DAY_MS))
    reviewDays.push({ date, count: reviews.get(date) ?? 0 })
  }
  return { due_now: due, due_next_14_days: dueDays, reviews_last_30_days: reviewDays }
}
