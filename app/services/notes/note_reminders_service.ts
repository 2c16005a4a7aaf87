import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import NoteReminderMail from '#mails/note_reminder_mail'
import { dbTime } from '#services/notes/db_time'

export type ReminderRunResult = { due: number; sent: number; skipped: number; failed: number }

/**
 * Mails each due note reminder at most once, even with two schedulers running: a row is
 * claimed by a conditional UPDATE (reminder_sent_at IS NULL → now) and mailed only by the
 * run whose UPDATE changed exactly one row. A mail that fails after its claim is not
 * retried (at-most-once beats a duplicate reminder).
 */
export class NoteRemindersService {
  async sendDue(now: DateTime = DateTime.utc(), batchSize = 500): Promise<ReminderRunResult> {
    const nowValue = dbTime(now)
    const due = await db
      .from('structured_notes')
      .join('users', 'users.id', 'structured_notes.user_id')
      .whereNotNull('structured_notes.reminder_at')
      .where('structured_notes.reminder_at', '<=', nowValue)
      .whereNull('structured_notes.reminder_sent_at')
      .where('structured_notes.status', 'active')
      .orderBy('structured_notes.reminder_at', 'asc')
      .limit(batchSize)
      .select('structured_notes.id', 'structured_notes.title', 'structured_notes.deadline_at', 'users.email')

    const result: ReminderRunResult = { due: due.length, sent: 0, skipped: 0, failed: 0 }
    for (const row of due) {
      const claimed = await this.claim(Number(row.id), nowValue)
      if (!claimed) {
        result.skipped++
        continue
      }
      try {
        const deadline = row.deadline_at ? toIso(row.deadline_at) : null
        await mail.send(
          new NoteReminderMail({ to: row.email, noteId: Number(row.id), title: row.title, deadlineAt: deadline })
        )
        result.sent++
      } catch (error) {
        result.failed++
        logger.error({ err: error, noteId: row.id }, 'note reminder mail failed')
      }
    }
    return result
  }

  /** The conditional UPDATE: true only for the single caller that changed the row. */
  async claim(noteId: number, nowValue: string = dbTime()): Promise<boolean> {
    const affected = await db
      .from('structured_notes')
      .where('id', noteId)
      .whereNull('reminder_sent_at')
      .update({ reminder_sent_at: nowValue })
    const count = Array.isArray(affected) ? Number(affected[0] ?? 0) : Number(affected)
    return count === 1
  }
}

function toIso(value: unknown): string | null {
  if (value instanceof Date) return DateTime.fromJSDate(value).toUTC().toISO()
  if (typeof value === 'string') {
    const parsed = DateTime.fromSQL(value, { zone: 'utc' })
    return parsed.isValid ? parsed.toISO() : DateTime.fromISO(value, { zone: 'utc' }).toISO()
  }
  return null
}
