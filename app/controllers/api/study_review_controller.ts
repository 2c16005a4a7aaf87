import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { StudyReviewService } from '#services/study/review/study_review_service'
import { reviewRatingValidator, setExamValidator, triviaCardValidator } from '#validators/study'
import { objectBody } from '#validators/request_input'

/**
 * Spaced review API (docs/rules/study.md#review "Study loop"): owner-scoped, cookie auth, no AI credit, any
 * plan, not under the AI generation throttle. Routes in start/routes/study_review.ts.
 */
@inject()
export default class StudyReviewController {
  constructor(private review: StudyReviewService) {}

  async next({ auth }: HttpContext) {
    return this.review.next(auth.getUserOrFail().id)
  }

  async rate({ request, auth }: HttpContext) {
    const { rating, params } = await request.validateUsing(reviewRatingValidator, {
      data: { ...objectBody(request), params: request.params() },
    })
    return this.review.rate(auth.getUserOrFail().id, params.cardId, rating)
  }

  async stats({ auth }: HttpContext) {
    return this.review.stats(auth.getUserOrFail().id)
  }

  async addCard({ request, auth, response }: HttpContext) {
    const input = await request.validateUsing(triviaCardValidator, { data: objectBody(request) })
    const result = await this.review.addTriviaCard(auth.getUserOrFail().id, input.trivia_session_id, input.index)
    return response.status(result.created ? 201 : 200).send(result.card)
  }

  async markExam({ request, auth }: HttpContext) {
    const { note_id: noteId, params } = await request.validateUsing(setExamValidator, {
      data: { ...objectBody(request), params: request.params() },
    })
    return this.review.markExam(auth.getUserOrFail().id, params.setId, noteId)
  }
}
