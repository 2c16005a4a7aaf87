import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import StructuredNote from '#models/structured_note'
import NoteReminderMail from '#mails/note_reminder_mail'
import { NoteRemindersService } from '#services/notes/note_reminders_service'
import { scheduledTasks } from '#services/scheduler/tasks'

/**
 * Reminders are mailed at most once, even with two schedulers running. These tests commit
 * for real (concurrency) and delete their rows afterwards.
 */
test.group('Notes reminders (issue 7.5, at-most-once)', (group) => {
  const userIds: number[] = []
  group.each.teardown(async () => {
    mail.restore()
    if (userIds.length) {
      const ids = userIds.splice(0)
      await db.from('structured_notes').whereIn('user_id', ids).delete()
      await db.from('users').whereIn('id', ids).delete()
    }
  })

  test('two concurrent runs mail each due reminder exactly once', async ({ assert }) => {
    const fake = mail.fake()
    const user = await createUser()
    userIds.push(user.id)
    const note = (title: string, status: 'active' | 'deleted', reminderAt: DateTime) =>
      StructuredNote.create({ userId: user.id, title, body: '', status, reminderAt, searchText: title.toLowerCase() })
    const due = await note('Due soon', 'active', DateTime.utc().minus({ minutes: 1 }))
    await note('Later', 'active', DateTime.utc().plus({ days: 1 }))
    await note('Deleted', 'deleted', DateTime.utc().minus({ minutes: 5 }))

    const a = new NoteRemindersService()
    const b = new NoteRemindersService()
    const [first, second] = await Promise.all([a.sendDue(), b.sendDue()])
    assert.equal(first.sent + second.sent, 1)

    fake.mails.assertSentCount(1)
    fake.mails.assertSent(NoteReminderMail, (m) => m.data.noteId === due.id && m.data.to === user.email)

    const third = await a.sendDue()
    assert.equal(third.sent, 0)
    fake.mails.assertSentCount(1)

    const row = await StructuredNote.findOrFail(due.id)
    assert.isNotNull(row.reminderSentAt)
  })

  test('the claim is a conditional UPDATE: only one caller wins', async ({ assert }) => {
    const user = await createUser()
    userIds.push(user.id)
    const note = await StructuredNote.create({
      userId: user.id,
      title: 'x',
      body: '',
      status: 'active',
      reminderAt: DateTime.utc(),
      searchText: 'x',
    })
    const service = new NoteRemindersService()
    const results = await Promise.all([service.claim(note.id), service.claim(note.id), service.claim(note.id)])
    assert.deepEqual(results.filter(Boolean).length, 1)
  })

  test('the scheduler has a notes:reminders task every minute', async ({ assert }) => {
    const task = scheduledTasks.find((t) => t.name === 'notes:reminders')
    assert.exists(task)
    assert.equal(task!.schedule(), '* * * * *')
  })
})
