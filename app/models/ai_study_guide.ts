import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import AiStudyGuideSection from '#models/ai_study_guide_section'
import { scopeColumn, type AiScope } from '#models/ai_json'

export default class AiStudyGuide extends BaseModel {
  static table = 'ai_study_guides'

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

  @hasMany(() => AiStudyGuideSection, { foreignKey: 'guideId' })
  declare sections: HasMany<typeof AiStudyGuideSection>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
