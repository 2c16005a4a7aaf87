import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { listValidators } from '#validators/catalog'
import { serializeCourse, paginatedList } from '#transformers/catalog'
import { ApiError } from '#exceptions/api_error'

/** GET /api/courses (lean), GET /api/courses/:slug (web stack: a private course is its owner's). */
@inject()
export default class CoursesController {
  constructor(private catalog: CatalogService) {}

  async index({ request }: HttpContext) {
    const input = await listValidators.courses.validate(request.qs())
    return paginatedList(await this.catalog.listCourses(input), serializeCourse)
  }

  async show({ params, auth }: HttpContext) {
    const viewerId = auth?.user?.id ?? null
    const course = await this.catalog.courseBySlug(String(params.slug), viewerId)
    if (!course) throw ApiError.notFound('Course not found')
    return serializeCourse(course)
  }
}
