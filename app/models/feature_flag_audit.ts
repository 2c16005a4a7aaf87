import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { nullableBooleanColumn, withCreatedAt, withId } from '#models/mixins/columns'

export type FlagAuditAction = 'create' | 'toggle' | 'delete'

/** One create, toggle or delete of a flag: who (user id or `cli`), when, old and new value. */
export default class FeatureFlagAudit extends compose(BaseModel, withId, withCreatedAt) {
  static table = 'feature_flag_audits'

  @column()
  declare flagName: string

  @column()
  declare action: FlagAuditAction

  @column()
  declare actor: string

  @column(nullableBooleanColumn())
  declare oldValue: boolean | null

  @column(nullableBooleanColumn())
  declare newValue: boolean | null
}
