import type { HttpContext } from '@adonisjs/core/http'
import { NotesService } from '#services/notes/notes_service'
import { listNotesValidator } from '#validators/notes'
import { ApiError } from '#exceptions/api_error'

/** The /notes page (list, editor and canvas modes); it mutates through /api/notes. */
export default class NotesPageController {
  async index({ request, auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const notes = new NotesService()
    const qs = request.qs()
    const filters: Record<string, string> = {}
    for (const key of ['page', 'limit', 'q', 'status', 'has_deadline', 'sort']) {
      if (typeof qs[key] === 'string' && qs[key] !== '') filters[key] = qs[key]
    }
    let list
    try {
      list = await notes.list(user, await listNotesValidator.validate(filters))
    } catch {
      list = await notes.list(user, {})
    }
    const mode = ['list', 'editor', 'canvas'].includes(qs.mode) ? qs.mode : qs.note ? 'editor' : 'list'
    let selected = null
    if (typeof qs.note === 'string' && qs.note) {
      try {
        selected = await notes.show(user, qs.note)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
      }
    }
    return inertia.render('notes/index', {
      initialList: list,
      initialFilters: filters,
      initialMode: mode as 'list' | 'editor' | 'canvas',
      initialNote: selected,
    })
  }
}
