import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import AiFlashcard from '#models/ai_flashcard'
import { scopeColumn, type AiScope } from '#models/ai_json'

export default class AiFlashcardSet extends BaseModel {
  static table = 'ai_flashcard_sets'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare title: string

  @column(scopeColumn())
  declare scope: AiScope

  @column()
  declare provider: string

  @hasMany(() => AiFlashcard, { foreignKey: 'setId' })
  declare cards: HasMany<typeof AiFlashcard>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
