import { column, type BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { scopeColumn, type AiScope } from '#models/ai_json'

/** What every stored AI tool result holds: its owner, the documents it was made from and the provider that made it. */
export function withAiResult<Model extends NormalizeConstructor<typeof BaseModel>>(superclass: Model) {
  class WithAiResult extends superclass {
    @column()
    declare userId: number

    @column(scopeColumn())
    declare scope: AiScope

    @column()
    declare provider: string
  }
  return WithAiResult
}

/** A titled tool result whose items have their own table (flashcard sets, study guides). */
export function withTitledAiResult<Model extends NormalizeConstructor<typeof BaseModel>>(superclass: Model) {
  class WithTitledAiResult extends withAiResult(superclass) {
    @column()
    declare title: string
  }
  return WithTitledAiResult
}
