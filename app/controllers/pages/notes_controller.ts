import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotesService } from '#services/notes/notes_service'
import { listNotesValidator } from '#validators/notes'
import { parseRowId } from '#validators/request_input'

const FILTER_KEYS = ['page', 'limit', 'q', 'status', 'has_deadline', 'sort'] as const

/**
 * The notes pages (list, editor, canvas), each its own route and Inertia page; they mutate
 * through /api/notes. `:id` is a row id (route matcher); a foreign or missing note is 404.
 */
@inject()
export default class NotesPageController {
  constructor(private notes: NotesService) {}

  async index({ request, auth, inertia, response }: HttpContext) {
    const qs = request.qs()
    // The addresses of the single-page version (`?note=ID`, `?mode=…`) keep working.
    if (parseRowId(qs.note) !== null) {
      return response.redirect().toRoute('notes.show', { id: qs.note })
    }
    if (qs.mode === 'canvas') return response.redirect().toRoute('notes.canvas')
    if (qs.mode === 'editor') return response.redirect().toRoute('notes.create')

    const user = auth.getUserOrFail()
    const filters: Record<string, string> = {}
    for (const key of FILTER_KEYS) {
      if (typeof qs[key] === 'string' && qs[key] !== '') filters[key] = qs[key]
    }
    // A bad filter in a typed address shows the default list rather than an error page.
    const input = await listNotesValidator.validate(filters).catch(() => null)
    const list = await this.notes.listPreviews(user, input ?? {})
    return inertia.render('notes/index', { list, filters: input ? filters : {} })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('notes/editor', { note: null })
  }

  async show({ params, auth, inertia }: HttpContext) {
    return inertia.render('notes/editor', { note: await this.notes.show(auth.getUserOrFail(), params.id) })
  }

  async canvas({ auth, inertia }: HttpContext) {
    const notes = await this.notes.canvasNotes(auth.getUserOrFail())
    return inertia.render('notes/canvas', { notes })
  }
}
