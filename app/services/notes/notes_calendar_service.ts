import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { appUrl } from '#config/app'
import type User from '#models/user'
import StructuredNote from '#models/structured_note'
import { dbTime } from '#services/notes/db_time'
import { cutAtCharacter } from '#shared/text'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

function icsEscape(value: string) {
  // A bare CR ends a line for many calendar apps too. Other control characters (all of C0 but
  // HTAB, and DEL) are never allowed in a TEXT value (RFC 5545 3.3.11): dropped.
  return (
    value
      // eslint-disable-next-line no-control-regex -- the control characters RFC 5545 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n?|\n/g, '\\n')
  )
}

/** Folds content lines at 75 octets (RFC 5545 3.1), between whole characters (never inside an emoji's pair). */
function fold(line: string) {
  const out: string[] = []
  let current = ''
  let bytes = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    if (bytes + size > 75) {
      out.push(current)
      current = ' '
      bytes = 1
    }
    current += char
    bytes += size
  }
  out.push(current)
  return out.join('\r\n')
}

/** A reminder's lead as an RFC 5545 dur-time, to the second (60M, 59M59S, 10S). */
function triggerOffset(seconds: number) {
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  if (!rest) return `${minutes}M`
  return minutes ? `${minutes}M${rest}S` : `${rest}S`
}

const stamp = (dt: DateTime) => dt.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")

/**
 * A private iCalendar feed of note deadlines at a secret, rotatable address. Only the
 * SHA-256 of the token is stored; rotating replaces it, so the old address stops working.
 */
export class NotesCalendarService {
  async rotate(user: User) {
    const token = randomBytes(24).toString('base64url')
    const now = dbTime()
    const existing = await db.from('structured_note_calendar_tokens').where('user_id', user.id).first()
    if (existing) {
      await db
        .from('structured_note_calendar_tokens')
        .where('user_id', user.id)
        .update({ token_hash: hash(token), updated_at: now })
    } else {
      await db
        .table('structured_note_calendar_tokens')
        .insert({ user_id: user.id, token_hash: hash(token), created_at: now, updated_at: now })
    }
    return { url: `${appUrl}/notes/calendar/${token}.ics`, token }
  }

  async feed(token: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
    const row = await db.from('structured_note_calendar_tokens').where('token_hash', hash(token)).first()
    if (!row) return null
    const notes = await StructuredNote.query()
      .where('user_id', row.user_id)
      .where('status', 'active')
      .whereNotNull('deadline_at')
      .orderBy('deadline_at', 'asc')
      .limit(1000)
    const host = new URL(appUrl).host
    const base = appUrl
    const now = stamp(DateTime.utc())
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//StudyHub//Notes deadlines//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:StudyHub note deadlines',
    ]
    for (const note of notes) {
      const start = note.deadlineAt!
      lines.push(
        'BEGIN:VEVENT',
        `UID:note-${note.id}@${host}`,
        `DTSTAMP:${now}`,
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(start.plus({ minutes: 30 }))}`,
        `SUMMARY:${icsEscape(note.title)}`,
        `DESCRIPTION:${icsEscape(cutAtCharacter(note.body, 2000))}`,
        `URL:${base}/notes?note=${note.id}`,
        `LAST-MODIFIED:${stamp(note.updatedAt)}`
      )
      if (note.reminderAt && note.reminderAt < start) {
        const seconds = Math.round(start.diff(note.reminderAt, 'seconds').seconds)
        lines.push(
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${icsEscape(note.title)}`,
          `TRIGGER:-PT${triggerOffset(seconds)}`,
          'END:VALARM'
        )
      }
      lines.push('END:VEVENT')
    }
    lines.push('END:VCALENDAR')
    return lines.map(fold).join('\r\n') + '\r\n'
  }
}
