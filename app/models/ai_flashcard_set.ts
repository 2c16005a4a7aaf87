import { compose } from '@adonisjs/core/helpers'
import { withTitledAiResult } from '#models/mixins/ai_result'
import { BaseModel, hasMany } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import AiFlashcard from '#models/ai_flashcard'

export default class AiFlashcardSet extends compose(BaseModel, withId, withTimestamps, withTitledAiResult) {
  static table = 'ai_flashcard_sets'

  @hasMany(() => AiFlashcard, { foreignKey: 'setId' })
  declare cards: HasMany<typeof AiFlashcard>
}
