import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { serializeCourse, serializeInstitution } from '#transformers/catalog'
import { institutionMeta, institutionTrail, listMeta } from '#services/catalog/catalog_page_meta'
import { ApiError } from '#exceptions/api_error'
import { loadListPage, topLevelListPage } from '#controllers/pages/catalog_list_params'

/**
 * /institutions, /institutions/:slug, /institutions/:slug/courses (SSR, docs/rules/catalog.md#page-metadata
 * metadata).
 */
@inject()
export default class CatalogInstitutionsController {
  constructor(private catalog: CatalogService) {}

  async index({ request, inertia }: HttpContext) {
    return inertia.render(
      'catalog/institutions_index',
      await topLevelListPage(this.catalog, request.qs(), 'institutions')
    )
  }

  async show({ params, inertia }: HttpContext) {
    const row = await this.catalog.institutionBySlug(String(params.slug))
    if (!row) throw ApiError.notFound('Institution not found')
    const institution = serializeInstitution(row)
    const courses = await this.catalog.listCourses({ page: 1, limit: 12 }, { institutionId: row.id })
    return inertia.render('catalog/institution_show', {
      seo: institutionMeta(institution),
      institution,
      courses: courses.rows.map(serializeCourse),
      courseTotal: courses.total,
    })
  }

  async courses({ params, request, inertia }: HttpContext) {
    const row = await this.catalog.institutionBySlug(String(params.slug))
    if (!row) throw ApiError.notFound('Institution not found')
    const institution = serializeInstitution(row)
    const list = await loadListPage(
      request.qs(),
      'courses',
      (paging) => this.catalog.listCourses(paging, { institutionId: row.id }),
      serializeCourse
    )
    const seo = listMeta({
      ...list.paging,
      heading: `Courses at ${institution.name}`,
      description: `All ${list.total} courses at ${institution.name}${institution.city ? ` (${institution.city})` : ''} with their study documents.`,
      path: `/institutions/${institution.slug}/courses`,
      trail: [...institutionTrail(institution), { name: 'Courses', path: `/institutions/${institution.slug}/courses` }],
      collection: true,
    })
    return inertia.render('catalog/institution_courses', { seo, institution, ...list.props })
  }
}
