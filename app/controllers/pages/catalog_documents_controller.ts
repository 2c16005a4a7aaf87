import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { readableContent } from '#services/catalog/document_access_service'
import { serializeCourse, serializeDocument } from '#transformers/catalog'
import { documentMeta } from '#services/catalog/catalog_page_meta'
import { ApiError } from '#exceptions/api_error'
import { topLevelListPage } from '#controllers/pages/catalog_list_params'
import { StudyLibraryService } from '#services/study/library/study_library_service'
import { parsePassage, passageFocus } from '#services/study/library/passage_focus'

/**
 * /documents and /documents/:slug (SSR, docs/rules/catalog.md#page-metadata metadata,
 * docs/rules/documents.md#access-states access). The document page opens at a cited passage (`?passage=N`,
 * docs/rules/catalog.md#lists) and lists what the reader made from it.
 */
@inject()
export default class CatalogDocumentsController {
  constructor(
    private library: StudyLibraryService,
    private catalog: CatalogService
  ) {}

  async index({ request, inertia }: HttpContext) {
    return inertia.render('catalog/documents_index', await topLevelListPage(this.catalog, request.qs(), 'documents'))
  }

  async show({ params, request, auth, inertia }: HttpContext) {
    const user = auth?.user ?? null
    const row = await this.catalog.documentBySlug(String(params.slug), user?.id ?? null)
    if (!row) throw ApiError.notFound('Document not found')
    const document = serializeDocument(row, user?.id ?? null)
    let course = null
    if (document.course) {
      const courseRow = await this.catalog.courseBySlug(document.course.slug, user?.id ?? null)
      course = courseRow ? serializeCourse(courseRow) : null
    }
    const content = await readableContent(row, user)
    const isOwner = Boolean(user && row.ownerId === user.id)
    const passage = parsePassage(request.qs().passage)
    return inertia.render('catalog/document_show', {
      seo: documentMeta(document, course),
      document,
      course,
      access: content.access,
      text: content.text ?? null,
      preview: content.preview ?? null,
      isOwner,
      original: isOwner ? await this.catalog.ownerFile(row.id, user!.id) : null,
      passage: passage === null ? null : await passageFocus(row.id, content.access, passage),
      generated: user ? await this.library.fromDocument(user.id, row.id) : null,
    })
  }
}
