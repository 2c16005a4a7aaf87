import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/** A UTC instant in the format the active dialect stores (raw query builder writes). */
export function dbTime(value: DateTime = DateTime.utc(), connection?: string): string {
  const dialect = db.connection(connection).dialect.name
  const utc = value.toUTC()
  if (dialect === 'postgres') return utc.toISO()!
  return utc.toFormat('yyyy-MM-dd HH:mm:ss')
}

/** Parses an ISO 8601 string that carries an offset into a UTC DateTime (null stays null). */
export function toUtc(value: string | null | undefined): DateTime | null | undefined {
  if (value === undefined) return undefined
  if (value === null) return null
  return DateTime.fromISO(value, { setZone: true }).toUTC()
}
