import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withCreatedAt } from '#models/mixins/columns'

export default class SecurityEvent extends compose(BaseModel, withId, withCreatedAt) {
  @column()
  declare type: string

  @column()
  declare ipAddress: string

  @column()
  declare userId: number | null

  @column()
  declare details: string | null
}
