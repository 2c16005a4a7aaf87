import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn, type ChunkRef } from '#models/ai_json'

export default class AiStudyGuideSection extends BaseModel {
  static table = 'ai_study_guide_sections'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare guideId: number

  @column()
  declare position: number

  @column()
  declare heading: string

  @column()
  declare content: string

  @column(jsonColumn<ChunkRef[]>([]))
  declare citations: ChunkRef[]

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
