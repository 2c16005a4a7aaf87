import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A flashcard set marked "for this exam" by a note with a deadline (issue 27). */
export default class StudySetExam extends BaseModel {
  static table = 'study_set_exams'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare setId: number

  @column()
  declare noteId: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
