import { compose } from '@adonisjs/core/helpers'
import { withAiResult } from '#models/mixins/ai_result'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import { jsonColumn, type ChunkRef } from '#models/ai_json'

export default class AiSummary extends compose(BaseModel, withId, withTimestamps, withAiResult) {
  static table = 'ai_summaries'

  @column()
  declare summary: string

  @column(jsonColumn<string[]>([]))
  declare keyPoints: string[]

  @column(jsonColumn<ChunkRef[]>([]))
  declare citations: ChunkRef[]
}
