import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { withFsrsSchedule } from '#models/mixins/fsrs_schedule'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId } from '#models/mixins/columns'

/** One rating of a review card: the FSRS review log (issue 27). */
export default class StudyReviewLog extends compose(BaseModel, withId, withFsrsSchedule) {
  static table = 'study_review_logs'

  @column()
  declare cardId: number

  @column()
  declare userId: number

  @column()
  declare rating: number

  @column()
  declare lastElapsedDays: number

  @column.dateTime()
  declare reviewedAt: DateTime
}
