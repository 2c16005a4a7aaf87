import type { HttpContext } from '@adonisjs/core/http'
import { NotesService } from '#services/notes/notes_service'
import { createReferenceValidator, updateReferenceValidator } from '#validators/notes'
import { objectBody } from '#validators/request_input'

/** References of a note (SPEC E): ownership first (404), then validation (400). */
export default class NoteReferencesController {
  private notes = new NotesService()

  async store({ params, request, auth, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const note = await this.notes.findOwned(user, params.id)
    const input = await request.validateUsing(createReferenceValidator, { data: objectBody(request) })
    const reference = await this.notes.addReference(user, note, input)
    return response.status(201).send(reference)
  }

  async update({ params, request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const note = await this.notes.findOwned(user, params.id)
    const input = await request.validateUsing(updateReferenceValidator, { data: objectBody(request) })
    return this.notes.updateReference(note, params.referenceId, input)
  }

  async destroy({ params, auth }: HttpContext) {
    return this.notes.archiveReference(auth.getUserOrFail(), params.id, params.referenceId)
  }
}
