import { DateTime } from 'luxon'
import catalogPageCache from '#services/catalog/catalog_page_cache'
import { BaseModel, afterDelete, afterSave, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Institution from '#models/institution'
import Document from '#models/document'

export default class Course extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare code: string | null

  @column()
  declare title: string

  @column()
  declare description: string | null

  @column()
  declare institutionId: number | null

  @column()
  declare ownerId: number | null

  @column()
  declare visibility: 'public' | 'private'

  @belongsTo(() => Institution)
  declare institution: BelongsTo<typeof Institution>

  @hasMany(() => Document)
  declare documents: HasMany<typeof Document>

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
