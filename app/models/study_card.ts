import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { withFsrsSchedule } from '#models/mixins/fsrs_schedule'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, withId, withTimestamps } from '#models/mixins/columns'

/** A review card of one flashcard, with its FSRS state (issue 27). */
export default class StudyCard extends compose(BaseModel, withId, withTimestamps, withFsrsSchedule) {
  static table = 'study_cards'

  @column()
  declare userId: number

  @column()
  declare setId: number

  @column()
  declare flashcardId: number

  @column(booleanColumn())
  declare cited: boolean

  @column()
  declare sourceDocumentId: number | null

  @column()
  declare sourceChunkIndex: number | null

  @column()
  declare triviaSessionId: number | null

  @column()
  declare triviaIndex: number | null

  @column()
  declare reps: number

  @column()
  declare lapses: number

  @column.dateTime()
  declare lastReviewAt: DateTime | null

  @column()
  declare againStreak: number

  @column.dateTime()
  declare leechAt: DateTime | null

  /** Its cited passage was hard-deleted: kept with its history, left out of review. */
  get suspended() {
    return this.cited && this.sourceDocumentId === null
  }
}
