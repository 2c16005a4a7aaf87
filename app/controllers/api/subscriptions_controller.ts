import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SubscriptionService } from '#services/billing/subscription_service'
import {
  autoRenewValidator,
  changePlanValidator,
  checkoutValidator,
  invoicesQueryValidator,
  previewProrationValidator,
} from '#validators/billing'

/**
 * /api/subscriptions (docs/rules/billing.md#mutations, docs/rules/billing.md#wire-fields). Mutations answer the
 * refreshed subscription view.
 */
@inject()
export default class SubscriptionsController {
  constructor(private subscriptions: SubscriptionService) {}

  async checkout({ auth, request }: HttpContext) {
    const { planSlug } = await request.validateUsing(checkoutValidator)
    return this.subscriptions.checkout(auth.getUserOrFail(), planSlug)
  }

  async portal({ auth }: HttpContext) {
    return this.subscriptions.portal(auth.getUserOrFail())
  }

  async show({ auth }: HttpContext) {
    return this.subscriptions.view(auth.getUserOrFail().id)
  }

  /** 200 with the JSON body `null` when there is no card (AdonisJS would answer 204 for a null body). */
  async paymentMethod({ auth, response }: HttpContext) {
    const method = await this.subscriptions.paymentMethod(auth.getUserOrFail())
    if (method === null) {
      response.header('Content-Type', 'application/json; charset=utf-8')
      return response.status(200).send('null')
    }
    return method
  }

  async invoices({ auth, request }: HttpContext) {
    const { limit } = await invoicesQueryValidator.validate(request.qs())
    return this.subscriptions.invoices(auth.getUserOrFail(), limit)
  }

  async autoRenew({ auth, request }: HttpContext) {
    const { enabled } = await request.validateUsing(autoRenewValidator)
    return this.subscriptions.setAutoRenew(auth.getUserOrFail(), enabled)
  }

  async previewProration({ auth, request }: HttpContext) {
    const { planSlug } = await request.validateUsing(previewProrationValidator)
    return this.subscriptions.previewProration(auth.getUserOrFail(), planSlug)
  }

  async changePlan({ auth, request }: HttpContext) {
    const { planSlug } = await request.validateUsing(changePlanValidator)
    return this.subscriptions.changePlan(auth.getUserOrFail(), planSlug)
  }

  async pause({ auth }: HttpContext) {
    return this.subscriptions.pause(auth.getUserOrFail())
  }

  async resume({ auth }: HttpContext) {
    return this.subscriptions.resume(auth.getUserOrFail())
  }
}
