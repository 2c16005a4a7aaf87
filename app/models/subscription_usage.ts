import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** AI credits consumed in one billing cycle (docs/rules/billing.md#guard-order). */
export default class SubscriptionUsage extends BaseModel {
  static table = 'subscription_usages'

  @column({ isPrimary: true })
  declare id: number

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
