import type { HttpContext } from '@adonisjs/core/http'
import catalogService from '#services/catalog/catalog_service'
import { serializeCourse, serializeInstitution } from '#transformers/catalog'
import { institutionMeta, institutionTrail, listMeta } from '#services/catalog/catalog_page_meta'
import { ApiError } from '#exceptions/api_error'
import { assertPageInRange, pageListParams, sortOptions } from '#controllers/pages/catalog_list_params'

/** /institutions, /institutions/:slug, /institutions/:slug/courses (SSR, SPEC B metadata). */
export default class CatalogInstitutionsController {
  async index({ request, inertia }: HttpContext) {
    const params = pageListParams(request.qs(), 'institutions')
    const result = await catalogService.listInstitutions(params)
    assertPageInRange(params.page, result.lastPage)
    const seo = listMeta({
      heading: 'Institutions',
      description: `Browse ${result.total} universities and colleges and the study documents of their courses.`,
      path: '/institutions',
      page: params.page,
      lastPage: result.lastPage,
      q: params.q,
      trail: [
        { name: 'Home', path: '/' },
        { name: 'Institutions', path: '/institutions' },
      ],
    })
    return inertia.render('catalog/institutions_index', {
      seo,
      items: result.rows.map(serializeInstitution),
      meta: { total: result.total, page: result.page, limit: result.limit, last_page: result.lastPage },
      q: params.q ?? '',
      sort: params.sort ?? '',
      sortOptions: sortOptions('institutions'),
    })
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
    const list = pageListParams(request.qs(), 'courses')
    const result = await catalogService.listCourses(list, { institutionId: row.id })
    assertPageInRange(list.page, result.lastPage)
    const seo = listMeta({
      heading: `Courses at ${institution.name}`,
      description: `All ${result.total} courses at ${institution.name}${institution.city ? ` (${institution.city})` : ''} with their study documents.`,
      path: `/institutions/${institution.slug}/courses`,
      page: list.page,
      lastPage: result.lastPage,
      q: list.q,
      trail: [...institutionTrail(institution), { name: 'Courses', path: `/institutions/${institution.slug}/courses` }],
      collection: true,
    })
    return inertia.render('catalog/institution_courses', {
      seo,
      institution,
      items: result.rows.map(serializeCourse),
      meta: { total: result.total, page: result.page, limit: result.limit, last_page: result.lastPage },
      q: list.q ?? '',
      sort: list.sort ?? '',
      sortOptions: sortOptions('courses'),
    })
  }
}
