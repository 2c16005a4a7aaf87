import { DateTime } from 'luxon'
import catalogPageCache from '#services/catalog/catalog_page_cache'
import { BaseModel, afterDelete, afterSave, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Course from '#models/course'
import DocumentChunk from '#models/document_chunk'

export type AccessLevel = 'free' | 'paid' | 'premium' | 'locked'

export default class Document extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare title: string

  @column()
  declare description: string | null

  @column()
  declare seoContent: string | null

  @column({
    prepare: (value: string[] | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => {
      if (!value) return []
      try {
        const parsed = JSON.parse(value)
        return Array.isArray(parsed) ? parsed : []
      } catch {
        return []
      }
    },
  })
  declare topicTags: string[]

  @column()
  declare accessLevel: AccessLevel

  @column()
  declare visibility: 'public' | 'private'

  @column()
  declare courseId: number | null

  @column()
  declare ownerId: number | null

  @column()
  declare pageCount: number

  @column()
  declare price: number | null

  @column()
  declare currency: string | null

  @column()
  declare fileKey: string | null

  @column()
  declare fileName: string | null

  @column()
  declare mimeType: string | null

  @column()
  declare sizeBytes: number | null

  @column()
  declare ingestStatus: string

  /** Dense vectors of the chunks (issue 25): `pending` until the embedding queue is done. */
  @column()
  declare embeddingStatus: 'pending' | 'ready' | 'failed'

  /** Share of the chunks embedded, 0..1. */
  @column()
  declare embeddingProgress: number

  @belongsTo(() => Course)
  declare course: BelongsTo<typeof Course>

  @hasMany(() => DocumentChunk)
  declare chunks: HasMany<typeof DocumentChunk>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** A catalog write drops the anonymous page cache (issue 19). */
  @afterSave()
  @afterDelete()
  static invalidateCatalogPages() {
    catalogPageCache.invalidate()
  }
}
