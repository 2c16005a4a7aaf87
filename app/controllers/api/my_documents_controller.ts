import type { HttpContext } from '@adonisjs/core/http'
import catalogService from '#services/catalog/catalog_service'
import { myListValidator } from '#validators/catalog'
import { parseRowId } from '#validators/request_input'
import { serializeOwnDocument, paginatedList } from '#transformers/catalog'
import { ApiError } from '#exceptions/api_error'

/** GET /api/my/documents, DELETE /api/my/documents/:id (CONTRACT 5, 13). */
export default class MyDocumentsController {
  async index({ request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await myListValidator.validate(request.qs())
    return paginatedList(await catalogService.myDocuments(user.id, input), (row) => serializeOwnDocument(row, user.id))
  }

  /** A hard delete; someone else's (or a missing) document is 404. */
  async destroy({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const id = parseRowId(params.id)
    if (id === null) throw ApiError.notFound('Document not found')
    const deleted = await catalogService.deleteMyDocument(user.id, id)
    if (!deleted) throw ApiError.notFound('Document not found')
    return { deleted: true, id: String(id) }
  }
}
