import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DEMO_ENVIRONMENTS } from '#database/seed_environments'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { demoUserWithout } from '#database/demo_user'
import { NotesService } from '#services/notes/notes_service'

/** Demo notes for demo@example.com (idempotent: only when the user has no notes yet). */
export default class NotesSeeder extends BaseSeeder {
  static environment = DEMO_ENVIRONMENTS

  async run() {
    const user = await demoUserWithout('structured_notes', 'user_id')
    if (!user) return
    const notes = await app.container.make(NotesService)
    const demo = [
      {
        title: 'Exam week plan',
        body: 'Revise chapters 1–4, past papers on Thursday.',
        group: 'Exams',
        x: 0,
        y: 0,
        days: 7,
      },
      {
        title: 'Essay outline',
        body: 'Thesis, three arguments, counter-argument, conclusion.',
        group: 'Essays',
        x: 320,
        y: 0,
        days: 14,
      },
      {
        title: 'Lab report checklist',
        body: 'Method, raw data table, error analysis.',
        group: 'Exams',
        x: 0,
        y: 220,
        days: null,
      },
    ]
    for (const item of demo) {
      const deadline = item.days ? DateTime.utc().plus({ days: item.days }).startOf('hour').toISO() : null
      await notes.create(user, {
        title: item.title,
        body: item.body,
        deadline_at: deadline,
        canvas: { x: item.x, y: item.y, width: 280, height: 180, group_label: item.group },
      })
    }
  }
}
