import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { myListValidator } from '#validators/catalog'
import { parseRowId } from '#validators/request_input'
import { serializeOwnDocument, paginatedList } from '#transformers/catalog'
import { ApiError } from '#exceptions/api_error'
import { attachmentDisposition } from '#services/infra/attachment'
import { DocumentUploadService } from '#services/documents/document_upload_service'

/**
 * GET /api/my/documents, GET /api/my/documents/:id/file, DELETE /api/my/documents/:id
 * (docs/rules/catalog.md#lists).
 */
@inject()
export default class MyDocumentsController {
  constructor(
    private uploads: DocumentUploadService,
    private catalog: CatalogService
  ) {}

  async index({ request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await myListValidator.validate(request.qs())
    return paginatedList(await this.catalog.myDocuments(user.id, input), (row) => serializeOwnDocument(row, user.id))
  }

  /** The uploaded file itself, from the shared uploads disk (issue 16). */
  async file({ params, auth, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const id = parseRowId(params.id)
    if (id === null) throw ApiError.notFound('Document not found')
    const file = await this.uploads.openOwnFile(user.id, id)
    response.header('Content-Type', file.mimeType)
    response.header('Content-Disposition', attachmentDisposition(file.fileName))
    response.header('Cache-Control', 'private, no-store')
    return response.stream(file.stream)
  }

  /** A hard delete; someone else's (or a missing) document is 404. */
  async destroy({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const id = parseRowId(params.id)
    if (id === null) throw ApiError.notFound('Document not found')
    const deleted = await this.uploads.deleteOwnDocument(user.id, id)
    if (!deleted) throw ApiError.notFound('Document not found')
    return { deleted: true, id: String(id) }
  }
}
