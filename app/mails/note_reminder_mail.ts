import { BaseMail } from '@adonisjs/mail'
import { appUrl } from '#config/app'

export type NoteReminderData = {
  to: string
  noteId: number
  title: string
  deadlineAt: string | null
}

/** "Reminder: <note title>" with a link to the note (docs/rules/notes.md#notes reminders). */
export default class NoteReminderMail extends BaseMail {
  subject: string

  constructor(readonly data: NoteReminderData) {
    super()
    this.subject = `Reminder: ${data.title}`.slice(0, 250)
  }

  prepare() {
    const link = `${appUrl}/notes?note=${this.data.noteId}`
    const deadline = this.data.deadlineAt ? `\nDeadline: ${this.data.deadlineAt} (UTC)` : ''
    this.message.to(this.data.to)
    this.message.text(`You asked to be reminded about your note "${this.data.title}".${deadline}\n\nOpen it: ${link}\n`)
    this.message.html(
      `<p>You asked to be reminded about your note <strong>${escapeHtml(this.data.title)}</strong>.</p>` +
        (this.data.deadlineAt ? `<p>Deadline: ${escapeHtml(this.data.deadlineAt)} (UTC)</p>` : '') +
        `<p><a href="${escapeHtml(link)}">Open the note</a></p>`
    )
  }
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
