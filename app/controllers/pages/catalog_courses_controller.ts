import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { serializeCourse, serializeDocument } from '#transformers/catalog'
import { courseMeta } from '#services/catalog/catalog_page_meta'
import { ApiError } from '#exceptions/api_error'
import { topLevelListPage } from '#controllers/pages/catalog_list_params'

/** /courses and /courses/:slug (SSR, docs/rules/catalog.md#page-metadata metadata). */
@inject()
export default class CatalogCoursesController {
  constructor(private catalog: CatalogService) {}

  async index({ request, inertia }: HttpContext) {
    return inertia.render('catalog/courses_index', await topLevelListPage(this.catalog, request.qs(), 'courses'))
  }

  async show({ params, auth, inertia }: HttpContext) {
    const viewerId = auth?.user?.id ?? null
    const row = await this.catalog.courseBySlug(String(params.slug), viewerId)
    if (!row) throw ApiError.notFound('Course not found')
    const course = serializeCourse(row)
    const documents = await this.catalog.listDocuments({ page: 1, limit: 50 }, { courseId: row.id, viewerId })
    return inertia.render('catalog/course_show', {
      seo: courseMeta(course),
      course,
      documents: documents.rows.map((d) => serializeDocument(d, viewerId)),
      documentTotal: documents.total,
    })
  }
}
