import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { nullableBooleanColumn, withId, withNullableUpdatedAt } from '#models/mixins/columns'

export type WebhookEventStatus = 'received' | 'processed' | 'failed'

/**
 * One provider event, persisted before processing (docs/rules/billing.md#webhook-processing: received →
 * processed | failed).
 */
export default class BillingWebhookEvent extends compose(BaseModel, withId, withNullableUpdatedAt) {
  static table = 'billing_webhook_events'

  @column()
  declare eventId: string

  @column()
  declare type: string

  @column()
  declare status: WebhookEventStatus

  @column(nullableBooleanColumn())
  declare livemode: boolean | null

  @column()
  declare eventCreated: number | null

  @column({ serializeAs: null })
  declare payload: string | null

  @column()
  declare attempts: number

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare processedAt: DateTime | null
}
