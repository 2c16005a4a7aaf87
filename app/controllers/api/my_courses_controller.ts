import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogService } from '#services/catalog/catalog_service'
import { createMyCourseValidator, myListValidator } from '#validators/catalog'
import { serializeCourse, paginatedList } from '#transformers/catalog'

/** GET /api/my/courses, POST /api/my/courses { title, description? } (docs/rules/catalog.md#lists). */
@inject()
export default class MyCoursesController {
  constructor(private catalog: CatalogService) {}

  async index({ request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await myListValidator.validate(request.qs())
    return paginatedList(await this.catalog.myCourses(user.id, input), serializeCourse)
  }

  async store({ request, auth, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const payload = await request.validateUsing(createMyCourseValidator)
    const course = await this.catalog.createMyCourse(user.id, payload)
    return response.created(serializeCourse(course))
  }
}
