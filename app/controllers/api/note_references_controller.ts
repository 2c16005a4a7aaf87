import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotesService } from '#services/notes/notes_service'
import { NoteReferencesService } from '#services/notes/note_references_service'
import { createReferenceValidator, updateReferenceValidator } from '#validators/notes'
import { objectBody } from '#validators/request_input'

/**
 * References of a note (docs/rules/notes.md#notes): ownership first (404), then validation (400). `:id` and
 * `:referenceId` are row ids, checked by the route matcher.
 */
@inject()
export default class NoteReferencesController {
  constructor(
    private notes: NotesService,
    private references: NoteReferencesService
  ) {}

  async store({ params, request, auth, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const note = await this.notes.findOwned(user, params.id)
    const input = await request.validateUsing(createReferenceValidator, { data: objectBody(request) })
    const reference = await this.references.add(user, note, input)
    return response.status(201).send(reference)
  }

  async update({ params, request, auth }: HttpContext) {
    const note = await this.notes.findOwned(auth.getUserOrFail(), params.id)
    const input = await request.validateUsing(updateReferenceValidator, { data: objectBody(request) })
    return this.references.update(note, params.referenceId, input)
  }

  async destroy({ params, auth }: HttpContext) {
    const note = await this.notes.findOwned(auth.getUserOrFail(), params.id)
    return this.references.archive(note, params.referenceId)
  }
}
