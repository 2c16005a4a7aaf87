import { compose } from '@adonisjs/core/helpers'
import { withCatalogEntry } from '#models/mixins/catalog_entry'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Institution from '#models/institution'
import Document from '#models/document'

export default class Course extends compose(BaseModel, withId, withTimestamps, withCatalogEntry) {
  @column()
  declare code: string | null

  @column()
  declare title: string

  @column()
  declare institutionId: number | null

  @column()
  declare ownerId: number | null

  @belongsTo(() => Institution)
  declare institution: BelongsTo<typeof Institution>

  @hasMany(() => Document)
  declare documents: HasMany<typeof Document>
}
