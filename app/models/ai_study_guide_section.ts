import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'
import { jsonColumn, type ChunkRef } from '#models/ai_json'

export default class AiStudyGuideSection extends compose(BaseModel, withId, withCreatedAt) {
  static table = 'ai_study_guide_sections'

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
}
