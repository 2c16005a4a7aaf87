import { compose } from '@adonisjs/core/helpers'
import { withCatalogEntry } from '#models/mixins/catalog_entry'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import { withId, withTimestamps } from '#models/mixins/columns'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Course from '#models/course'

export default class Institution extends compose(BaseModel, withId, withTimestamps, withCatalogEntry) {
  @column()
  declare name: string

  @column()
  declare city: string | null

  @column()
  declare country: string | null

  @hasMany(() => Course)
  declare courses: HasMany<typeof Course>
}
