import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'
import { jsonColumn, type ChunkRef } from '#models/ai_json'

export default class AiFlashcard extends compose(BaseModel, withId, withCreatedAt) {
  static table = 'ai_flashcards'

  @column()
  declare setId: number

  @column()
  declare position: number

  @column()
  declare front: string

  @column()
  declare back: string

  @column(jsonColumn<ChunkRef | null>(null))
  declare citation: ChunkRef | null
}
