import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { StudyReviewPageProps } from '#services/study/review/study_review_page_props'

/** `/study/review` (issue 27): the first due card and the progress, rendered on the server. */
@inject()
export default class StudyReviewPagesController {
  constructor(private props: StudyReviewPageProps) {}

  async show({ inertia, auth }: HttpContext) {
    return inertia.render('study/review', await this.props.review(auth.getUserOrFail().id))
  }
}
