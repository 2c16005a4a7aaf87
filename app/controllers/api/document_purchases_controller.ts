import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DocumentPurchaseService } from '#services/billing/document_purchase_service'

/** One-time document purchases (docs/rules/documents.md#access-states). */
@inject()
export default class DocumentPurchasesController {
  constructor(private purchases: DocumentPurchaseService) {}

  /** POST /api/documents/:id/purchase → { url } */
  async store({ auth, params }: HttpContext) {
    return this.purchases.checkout(auth.getUserOrFail(), String(params.id))
  }

  /** GET /api/my/purchases → { data } */
  async index({ auth }: HttpContext) {
    return { data: await this.purchases.list(auth.getUserOrFail().id) }
  }
}
