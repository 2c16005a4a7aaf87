import { compose } from '@adonisjs/core/helpers'
import { withAiResult } from '#models/mixins/ai_result'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import AiStudyGuideSection from '#models/ai_study_guide_section'

export default class AiStudyGuide extends compose(BaseModel, withId, withTimestamps, withAiResult) {
  static table = 'ai_study_guides'

  @column()
  declare title: string

  @hasMany(() => AiStudyGuideSection, { foreignKey: 'guideId' })
  declare sections: HasMany<typeof AiStudyGuideSection>
}
