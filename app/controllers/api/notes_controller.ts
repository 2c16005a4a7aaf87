import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotesService } from '#services/notes/notes_service'
import { NotesCanvasService } from '#services/notes/notes_canvas_service'
import { NotesCalendarService } from '#services/notes/notes_calendar_service'
import {
  canvasImportValidator,
  canvasValidator,
  createNoteValidator,
  listNotesValidator,
  updateNoteValidator,
} from '#validators/notes'
import { objectBody } from '#validators/request_input'
import { attachmentDisposition } from '#services/infra/attachment'

/**
 * docs/rules/notes.md#notes: every action is scoped to the signed-in user; `:id` is a row id (route matcher).
 */
@inject()
export default class NotesController {
  constructor(
    private notes: NotesService,
    private canvasService: NotesCanvasService,
    private calendar: NotesCalendarService
  ) {}

  async index({ request, auth }: HttpContext) {
    const input = await request.validateUsing(listNotesValidator, { data: request.qs() })
    return this.notes.list(auth.getUserOrFail(), input)
  }

  async store({ request, auth, response }: HttpContext) {
    const input = await request.validateUsing(createNoteValidator, { data: objectBody(request) })
    const note = await this.notes.create(auth.getUserOrFail(), input)
    return response.status(201).send(note)
  }

  async show({ params, auth }: HttpContext) {
    return this.notes.show(auth.getUserOrFail(), params.id)
  }

  async update({ params, request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const note = await this.notes.findOwned(user, params.id)
    const input = await request.validateUsing(updateNoteValidator, { data: objectBody(request) })
    return this.notes.update(user, note, input)
  }

  async destroy({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return this.notes.softDelete(user, await this.notes.findOwned(user, params.id))
  }

  async canvas({ params, request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const note = await this.notes.findOwned(user, params.id)
    const input = await request.validateUsing(canvasValidator, { data: objectBody(request) })
    return this.notes.updateCanvas(user, note, input)
  }

  async exportCanvas({ auth, response }: HttpContext) {
    response.header('Content-Disposition', attachmentDisposition('notes.canvas'))
    response.header('Content-Type', 'application/json; charset=utf-8')
    // Streamed: 2,000 notes at the body limit are 100 MB (docs/decisions/notes.md).
    return response.stream(Readable.from(this.canvasService.exportChunks(auth.getUserOrFail())))
  }

  async importCanvas({ request, auth }: HttpContext) {
    const input = await request.validateUsing(canvasImportValidator, { data: objectBody(request) })
    return this.canvasService.importCanvas(auth.getUserOrFail(), input as any)
  }

  async rotateCalendar({ auth }: HttpContext) {
    const { url } = await this.calendar.rotate(auth.getUserOrFail())
    return { url }
  }
}
