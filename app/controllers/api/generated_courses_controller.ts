import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AiToolsService } from '#services/ai/ai_tools_service'
import { AiResultsService } from '#services/ai/ai_results_service'
import { generatedCourseValidator } from '#validators/ai'
import { idempotencyKey, sendToolResponse } from '#controllers/api/ai_tools_controller'

/**
 * /api/generated-courses (docs/rules/ai.md#tools): AI throttle and one credit per generation; `:id` is a row
 * id.
 */
@inject()
export default class GeneratedCoursesController {
  constructor(
    private service: AiToolsService,
    private results: AiResultsService
  ) {}

  async index({ auth }: HttpContext) {
    return { data: await this.results.generatedCourses(auth.getUserOrFail().id) }
  }

  async show({ params, auth }: HttpContext) {
    return this.results.generatedCourse(auth.getUserOrFail().id, params.id)
  }

  async store({ request, response, auth }: HttpContext) {
    const input = await request.validateUsing(generatedCourseValidator)
    const key = idempotencyKey(request)
    return sendToolResponse(response, await this.service.generateCourse(auth.getUserOrFail().id, input, key))
  }
}
