import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, withId, withNullableUpdatedAt } from '#models/mixins/columns'

/**
 * The plan catalog and its provider price mapping (docs/rules/billing.md#mutations). Old rows are kept on a
 * price change.
 */
export default class SubscriptionPlanPrice extends compose(BaseModel, withId, withNullableUpdatedAt) {
  static table = 'subscription_plan_prices'

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

  @column(booleanColumn())
  declare isCurrent: boolean
}
