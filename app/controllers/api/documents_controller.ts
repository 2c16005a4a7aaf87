import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { readableContent } from '#services/catalog/document_access_service'
import { listValidators } from '#validators/catalog'
import { serializeDocument, paginatedList } from '#transformers/catalog'
import { ApiError } from '#exceptions/api_error'

/**
 * GET /api/documents (lean) and GET /api/documents/:slug (web stack, so the owner, buyers and
 * paid plans are recognised: docs/rules/documents.md#access-states).
 */
@inject()
export default class DocumentsController {
  constructor(private catalog: CatalogService) {}

  async index({ request }: HttpContext) {
    const input = await listValidators.documents.validate(request.qs())
    return paginatedList(await this.catalog.listDocuments(input), (row) => serializeDocument(row))
  }

  async show({ params, auth }: HttpContext) {
    const user = auth?.user ?? null
    const document = await this.catalog.documentBySlug(String(params.slug), user?.id ?? null)
    if (!document) throw ApiError.notFound('Document not found')
    const content = await readableContent(document, user)
    return {
      ...serializeDocument(document, user?.id ?? null),
      can_read_full: content.access.can_read_full,
      ...(content.text !== undefined ? { text: content.text } : {}),
      ...(content.preview !== undefined ? { preview: content.preview } : {}),
    }
  }
}
