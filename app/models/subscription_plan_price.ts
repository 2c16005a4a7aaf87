import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * The plan catalog and its provider price mapping (docs/rules/billing.md#mutations). Old rows are kept on a
 * price change.
 */
export default class SubscriptionPlanPrice extends BaseModel {
  static table = 'subscription_plan_prices'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare planSlug: 'free' | 'pro' | 'plus'

  @column()
  declare planName: string

  @column()
  declare billingInterval: string

  @column()
  declare paymentPriceId: string | null

  @column()
  declare price: number

  @column()
  declare currency: string

  @column({ consume: (v) => Boolean(v) })
  declare isCurrent: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
