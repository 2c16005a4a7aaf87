import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One rating of a review card: the FSRS review log (issue 27). */
export default class StudyReviewLog extends BaseModel {
  static table = 'study_review_logs'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare cardId: number

  @column()
  declare userId: number

  @column()
  declare rating: number

  @column()
  declare state: number

  @column.dateTime()
  declare dueAt: DateTime

  @column()
  declare stability: number

  @column()
  declare difficulty: number

  @column()
  declare elapsedDays: number

  @column()
  declare lastElapsedDays: number

  @column()
  declare scheduledDays: number

  @column()
  declare learningSteps: number

  @column.dateTime()
  declare reviewedAt: DateTime
}
