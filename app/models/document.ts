import { compose } from '@adonisjs/core/helpers'
import { withCatalogEntry } from '#models/mixins/catalog_entry'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Course from '#models/course'
import DocumentChunk from '#models/document_chunk'

export type AccessLevel = 'free' | 'paid' | 'premium' | 'locked'

export default class Document extends compose(BaseModel, withId, withTimestamps, withCatalogEntry) {
  @column()
  declare title: string

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
}
