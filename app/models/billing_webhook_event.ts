import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type WebhookEventStatus = 'received' | 'processed' | 'failed'

/**
 * One provider event, persisted before processing (docs/rules/billing.md#webhook-processing: received →
 * processed | failed).
 */
export default class BillingWebhookEvent extends BaseModel {
  static table = 'billing_webhook_events'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare eventId: string

  @column()
  declare type: string

  @column()
  declare status: WebhookEventStatus

  @column({ consume: (v) => (v === null || v === undefined ? null : Boolean(v)) })
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
