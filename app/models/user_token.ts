import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'

export type UserTokenType = 'email_verification' | 'password_reset'

export default class UserToken extends compose(BaseModel, withId, withCreatedAt) {
  @column()
  declare userId: number

  @column()
  declare type: UserTokenType

  @column()
  declare tokenHash: string

  @column()
  declare email: string | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null
}
