import type { HttpContext } from '@adonisjs/core/http'
import catalogService from '#services/catalog/catalog_service'
import { serializeCourse, serializeInstitution } from '#transformers/catalog'
import { institutionMeta, institutionTrail, listMeta } from '#services/catalog/catalog_page_meta'
import { ApiError } from '#exceptions/api_error'
import { loadListPage, topLevelListPage } from '#controllers/pages/catalog_list_params'

/**
 * /institutions, /institutions/:slug, /institutions/:slug/courses (SSR, docs/rules/catalog.md#page-metadata
 * metadata).
 */
export default class CatalogInstitutionsController {
  async index({ request, inertia }: HttpContext) {
    const props = await topLevelListPage(
      request.qs(),
      'institutions',
      (params) => catalogService.listInstitutions(params),
      serializeInstitution
    )
    return inertia.render('catalog/institutions_index', props)
  }

  async show({ params, inertia }: HttpContext) {
    const row = await catalogService.institutionBySlug(String(params.slug))
    if (!row) throw ApiError.notFound('Institution not found')
    const institution = serializeInstitution(row)
    const courses = await catalogService.listCourses({ page: 1, limit: 12 }, { institutionId: row.id })
    return inertia.render('catalog/institution_show', {
      seo: institutionMeta(institution),
      institution,
      courses: courses.rows.map(serializeCourse),
      courseTotal: courses.total,
    })
  }

  async courses({ params, request, inertia }: HttpContext) {
    const row = await catalogService.institutionBySlug(String(params.slug))
    if (!row) throw ApiError.notFound('Institution not found')
    const institution = serializeInstitution(row)
    const list = await loadListPage(
      request.qs(),
      'courses',
      (paging) => catalogService.listCourses(paging, { institutionId: row.id }),
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
