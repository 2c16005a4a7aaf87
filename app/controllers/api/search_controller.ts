import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CatalogSearchService } from '#services/catalog/catalog_search_service'
import { suggestValidator } from '#validators/catalog'

/**
 * GET /api/search/suggest?q= (lean, docs/rules/catalog.md#search): `{ data: [{ kind, slug, title }] }`, at most
 * 8, public rows only.
 */
@inject()
export default class SearchController {
  constructor(private search: CatalogSearchService) {}

  async suggest({ request }: HttpContext) {
    const input = await suggestValidator.validate(request.qs())
    return { data: await this.search.suggest(input.q ?? '') }
  }
}
