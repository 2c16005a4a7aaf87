import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn, scopeColumn, type AiScope, type ChunkRef } from '#models/ai_json'

export default class AiSummary extends BaseModel {
  static table = 'ai_summaries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column(scopeColumn())
  declare scope: AiScope

  @column()
  declare summary: string

  @column(jsonColumn<string[]>([]))
  declare keyPoints: string[]

  @column(jsonColumn<ChunkRef[]>([]))
  declare citations: ChunkRef[]

  @column()
  declare provider: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
