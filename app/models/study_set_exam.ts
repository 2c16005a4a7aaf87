import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'

/** A flashcard set marked "for this exam" by a note with a deadline (issue 27). */
export default class StudySetExam extends compose(BaseModel, withId, withCreatedAt) {
  static table = 'study_set_exams'

  @column()
  declare userId: number

  @column()
  declare setId: number

  @column()
  declare noteId: number
}
