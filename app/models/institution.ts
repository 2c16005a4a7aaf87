import { DateTime } from 'luxon'
import catalogPageCache from '#services/catalog/catalog_page_cache'
import { BaseModel, afterDelete, afterSave, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Course from '#models/course'

export default class Institution extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare city: string | null

  @column()
  declare country: string | null

  @column()
  declare visibility: 'public' | 'private'

  @hasMany(() => Course)
  declare courses: HasMany<typeof Course>

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
