import type { HttpContext } from '@adonisjs/core/http'
import { siteVerification } from '#config/app'
import catalogService from '#services/catalog/catalog_service'
import { serializeCourse, serializeDocument, serializeInstitution } from '#transformers/catalog'
import { homeMeta } from '#services/catalog/catalog_page_meta'

/** / : the home discovery page (hero, search, featured catalog, Organization + WebSite). */
export default class CatalogHomeController {
  async show({ inertia }: HttpContext) {
    const featured = await catalogService.featured(6)
    return inertia.render('home', {
      seo: homeMeta(),
      verification: siteVerification,
      institutions: featured.institutions.map(serializeInstitution),
      courses: featured.courses.map(serializeCourse),
      documents: featured.documents.map((row) => serializeDocument(row)),
    })
  }
}
