import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { withId, withNullableUpdatedAt } from '#models/mixins/columns'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Document from '#models/document'

/**
 * A one-time purchase of a `paid` document (docs/rules/documents.md#access-states). One per user and document.
 */
export default class DocumentPurchase extends compose(BaseModel, withId, withNullableUpdatedAt) {
  static table = 'document_purchases'

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
}
