import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, withId, withNullableUpdatedAt } from '#models/mixins/columns'

export type PlanSlug = 'free' | 'pro' | 'plus'
export type LocalStatus = 'active' | 'past_due' | 'canceled' | 'expired'

/**
 * The local read model of a user's subscription (docs/rules/billing.md#mutations); provider webhooks are the
 * authority.
 */
export default class UserSubscription extends compose(BaseModel, withId, withNullableUpdatedAt) {
  static table = 'user_subscriptions'

  @column()
  declare userId: number

  @column()
  declare planSlug: PlanSlug

  @column()
  declare planName: string

  @column()
  declare status: LocalStatus

  @column()
  declare statusReason: string | null

  @column(booleanColumn())
  declare isActive: boolean

  @column(booleanColumn())
  declare cancelAtPeriodEnd: boolean

  @column()
  declare aiCreditsLimit: number

  @column()
  declare price: number

  @column()
  declare currency: string

  @column()
  declare billingInterval: string

  @column()
  declare paymentCustomerId: string | null

  @column()
  declare paymentSubscriptionId: string | null

  @column()
  declare paymentPriceId: string | null

  @column()
  declare paymentStatus: string | null

  @column.dateTime()
  declare currentPeriodStart: DateTime | null

  @column.dateTime()
  declare currentPeriodEnd: DateTime | null

  @column.dateTime()
  declare pauseCollectionResumesAt: DateTime | null

  /**
   * Stripe's clock: `created` of the newest event the row is known to include (docs/rules/billing.md#mutations).
   */
  @column.dateTime()
  declare paymentUpdatedAt: DateTime | null

  /** This server's clock: the second the applied provider state was read (orders reads). */
  @column.dateTime()
  declare providerReadAt: DateTime | null
}
