import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A review card of one flashcard, with its FSRS state (issue 27). */
export default class StudyCard extends BaseModel {
  static table = 'study_cards'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare setId: number

  @column()
  declare flashcardId: number

  @column({ consume: (value: unknown) => Boolean(value) })
  declare cited: boolean

  @column()
  declare sourceDocumentId: number | null

  @column()
  declare sourceChunkIndex: number | null

  @column()
  declare triviaSessionId: number | null

  @column()
  declare triviaIndex: number | null

  @column.dateTime()
  declare dueAt: DateTime

  @column()
  declare stability: number

  @column()
  declare difficulty: number

  @column()
  declare elapsedDays: number

  @column()
  declare scheduledDays: number

  @column()
  declare learningSteps: number

  @column()
  declare reps: number

  @column()
  declare lapses: number

  @column()
  declare state: number

  @column.dateTime()
  declare lastReviewAt: DateTime | null

  @column()
  declare againStreak: number

  @column.dateTime()
  declare leechAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Its cited passage was hard-deleted: kept with its history, left out of review. */
  get suspended() {
    return this.cited && this.sourceDocumentId === null
  }
}
