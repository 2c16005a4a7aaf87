import { compose } from '@adonisjs/core/helpers'
import { withAiResult } from '#models/mixins/ai_result'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import { jsonColumn, type ChunkRef } from '#models/ai_json'

/** A stored trivia question; correctIndex and explanation never leave the server unscored. */
export type StoredTriviaQuestion = {
  question: string
  options: string[]
  correctIndex: number
  explanation: string
  citation?: ChunkRef | null
}

export default class AiGameSession extends compose(BaseModel, withId, withTimestamps, withAiResult) {
  static table = 'ai_game_sessions'

  @column()
  declare difficulty: 'easy' | 'medium' | 'hard'

  @column()
  declare focusTopic: string | null

  @column(jsonColumn<StoredTriviaQuestion[]>([]))
  declare questions: StoredTriviaQuestion[]
}
