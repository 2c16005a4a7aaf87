import { inject } from '@adonisjs/core'
import { StudyReviewService } from '#services/study/review/study_review_service'
import { StudyProgressService } from '#services/study/review/study_progress_service'
import type { StudyReviewPageProps as Props } from '#shared/api/study_review'

/** The first data of `/study/review` and the dashboard's review card (same shapes as the API). */
@inject()
export class StudyReviewPageProps {
  constructor(
    private reviews: StudyReviewService,
    private progress: StudyProgressService
  ) {}

  async review(userId: number): Promise<Props> {
    const next = await this.reviews.next(userId)
    const progress = await this.progress.forUser(userId)
    return { next, progress }
  }
}
