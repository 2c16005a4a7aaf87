import { DateTime } from 'luxon'

/** A moment as models, raw rows and the provider hold it. */
export type Moment = DateTime | Date | string | number | null | undefined

const SQL_DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/

/**
 * The one way a moment leaves the server (docs/rules/hardening.md#json): ISO 8601 in UTC with
 * milliseconds, as `Date#toISOString` writes it (`2030-05-01T08:00:00.000Z`). Missing or
 * unreadable → null. A zone-less SQL datetime (SQLite) is read in the process zone like Lucid
 * reads it; a number is epoch milliseconds.
 */
export function iso(value: Moment): string | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof DateTime) return value.isValid ? value.toUTC().toISO({ suppressMilliseconds: false }) : null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value).toISOString() : null
  if (SQL_DATETIME.test(value)) {
    const date = new Date(value.replace(' ', 'T'))
    if (!Number.isNaN(date.getTime())) return date.toISOString()
  }
  const parsed = DateTime.fromSQL(value)
  const date = parsed.isValid ? parsed : DateTime.fromISO(value)
  return date.isValid ? date.toUTC().toISO({ suppressMilliseconds: false }) : null
}

/** `iso` for columns that are never null; a missing value reads as the epoch. */
export function isoRequired(value: Moment): string {
  return iso(value) ?? new Date(0).toISOString()
}
