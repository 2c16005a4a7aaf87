import { afterDelete, afterSave, column, type BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import catalogPageCache from '#services/catalog/catalog_page_cache'

/**
 * A row of the public catalog (institutions, courses, documents): its URL slug, description and visibility.
 * A write to one drops the anonymous page cache (issue 19).
 */
export function withCatalogEntry<Model extends NormalizeConstructor<typeof BaseModel>>(superclass: Model) {
  class WithCatalogEntry extends superclass {
    @column()
    declare slug: string

    @column()
    declare description: string | null

    @column()
    declare visibility: 'public' | 'private'

    @afterSave()
    @afterDelete()
    static invalidateCatalogPages() {
      catalogPageCache.invalidate()
    }
  }
  return WithCatalogEntry
}
