import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Document from '#models/document'

/**
 * A one-time purchase of a `paid` document (docs/rules/documents.md#access-states). One per user and document.
 */
export default class DocumentPurchase extends BaseModel {
  static table = 'document_purchases'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare documentId: number

  @column()
  declare paymentSessionId: string | null

  @column()
  declare paymentIntentId: string | null

  @column()
  declare amount: number

  @column()
  declare currency: string

  @belongsTo(() => Document)
  declare document: BelongsTo<typeof Document>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
