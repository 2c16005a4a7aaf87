import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn, type ChunkRef } from '#models/ai_json'

export default class AiFlashcard extends BaseModel {
  static table = 'ai_flashcards'

  @column({ isPrimary: true })
  declare id: number

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
