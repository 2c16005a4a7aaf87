import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'
import { jsonColumn } from '#models/ai_json'

export default class AiGameAttempt extends compose(BaseModel, withId, withCreatedAt) {
  static table = 'ai_game_attempts'

  @column()
  declare sessionId: number

  @column()
  declare userId: number

  @column(jsonColumn<number[]>([]))
  declare answers: number[]

  @column()
  declare score: number

  @column()
  declare total: number
}
