import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { listValidators } from '#validators/catalog'
import { serializeCourse, serializeInstitution, paginatedList } from '#transformers/catalog'
import { ApiError } from '#exceptions/api_error'

/** GET /api/institutions, GET /api/institutions/:slug[/courses] (docs/rules/catalog.md#lists; lean stack). */
@inject()
export default class InstitutionsController {
  constructor(private catalog: CatalogService) {}

  async index({ request }: HttpContext) {
    const input = await listValidators.institutions.validate(request.qs())
    return paginatedList(await this.catalog.listInstitutions(input), serializeInstitution)
  }

  async show({ params }: HttpContext) {
    const institution = await this.catalog.institutionBySlug(String(params.slug))
    if (!institution) throw ApiError.notFound('Institution not found')
    return serializeInstitution(institution)
  }

  /** The public courses of one institution (onboarding's course step). */
  async courses({ params, request }: HttpContext) {
    const input = await listValidators.courses.validate(request.qs())
    const institution = await this.catalog.institutionBySlug(String(params.slug))
    if (!institution) throw ApiError.notFound('Institution not found')
    return paginatedList(await this.catalog.listCourses(input, { institutionId: institution.id }), serializeCourse)
  }
}
