import type { HttpContext } from '@adonisjs/core/http'
import catalogSearchService from '#services/catalog/catalog_search_service'
import { suggestValidator } from '#validators/catalog'

/**
 * GET /api/search/suggest?q= (lean, docs/rules/catalog.md#search): `{ data: [{ kind, slug, title }] }`, at most
 * 8, public rows only.
 */
export default class SearchController {
  async suggest({ request }: HttpContext) {
    const input = await suggestValidator.validate(request.qs())
    return { data: await catalogSearchService.suggest(input.q ?? '') }
  }
}
