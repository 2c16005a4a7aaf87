import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withId, withNullableUpdatedAt } from '#models/mixins/columns'

/** AI credits consumed in one billing cycle (docs/rules/billing.md#guard-order). */
export default class SubscriptionUsage extends compose(BaseModel, withId, withNullableUpdatedAt) {
  static table = 'subscription_usages'

  @column()
  declare userId: number

  @column()
  declare planSlug: string

  /** ISO start of the cycle (UTC); unique per user. */
  @column()
  declare periodKey: string

  @column.dateTime()
  declare periodStart: DateTime

  @column.dateTime()
  declare periodEnd: DateTime

  @column()
  declare aiCreditsLimit: number

  @column()
  declare aiCreditsUsed: number
}
