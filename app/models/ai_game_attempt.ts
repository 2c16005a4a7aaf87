import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#models/ai_json'

export default class AiGameAttempt extends BaseModel {
  static table = 'ai_game_attempts'

  @column({ isPrimary: true })
  declare id: number

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
