import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn, scopeColumn, type AiScope, type ChunkRef } from '#models/ai_json'

/** A stored trivia question; correctIndex and explanation never leave the server unscored. */
export type StoredTriviaQuestion = {
  question: string
  options: string[]
  correctIndex: number
  explanation: string
  citation?: ChunkRef | null
}

export default class AiGameSession extends BaseModel {
  static table = 'ai_game_sessions'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column(scopeColumn())
  declare scope: AiScope

  @column()
  declare difficulty: 'easy' | 'medium' | 'hard'

  @column()
  declare focusTopic: string | null

  @column(jsonColumn<StoredTriviaQuestion[]>([]))
  declare questions: StoredTriviaQuestion[]

  @column()
  declare provider: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
