import { compose } from '@adonisjs/core/helpers'
import { withTitledAiResult } from '#models/mixins/ai_result'
import { BaseModel, hasMany } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import AiStudyGuideSection from '#models/ai_study_guide_section'

export default class AiStudyGuide extends compose(BaseModel, withId, withTimestamps, withTitledAiResult) {
  static table = 'ai_study_guides'

  @hasMany(() => AiStudyGuideSection, { foreignKey: 'guideId' })
  declare sections: HasMany<typeof AiStudyGuideSection>
}
