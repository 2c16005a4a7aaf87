import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { siteVerification } from '#config/app'
import { CatalogService } from '#services/catalog/catalog_service'
import { serializeCourse, serializeDocument, serializeInstitution } from '#transformers/catalog'
import { homeMeta } from '#services/catalog/catalog_page_meta'

/** / : the home discovery page (hero, search, featured catalog, Organization + WebSite). */
@inject()
export default class CatalogHomeController {
  constructor(private catalog: CatalogService) {}

  async show({ inertia }: HttpContext) {
    const featured = await this.catalog.featured(6)
    return inertia.render('home', {
      seo: homeMeta(),
      verification: siteVerification,
      institutions: featured.institutions.map(serializeInstitution),
      courses: featured.courses.map(serializeCourse),
      documents: featured.documents.map((row) => serializeDocument(row)),
    })
  }
}
