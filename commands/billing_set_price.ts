import { inject } from '@adonisjs/core'
import { args, flags } from '@adonisjs/core/ace'
import { PlanCatalog } from '#services/billing/plans'
import { JsonCommand } from './_json_command.js'

/**
 * `node ace billing:set-price <plan> <price_id> <amount> [--currency=usd] [--json]`
 * (docs/rules/billing.md#mutations): new subscriptions use the new price; existing subscriptions keep theirs
 * until they switch (older catalog rows are kept so their price ids still map to the plan).
 */
export default class BillingSetPrice extends JsonCommand {
  static commandName = 'billing:set-price'
  static description = 'Set the current provider price id and amount (minor units) of a plan'

  @args.string({ description: 'Plan: pro or plus (free is 0 and has no provider price)' })
  declare plan: string

  @args.string({ description: 'Provider price id, e.g. price_123' })
  declare priceId: string

  @args.string({ description: 'Amount in minor units, e.g. 1000 for 10.00' })
  declare amount: string

  @flags.string({ description: 'Lowercase ISO currency', default: 'usd' })
  declare currency: string

  @inject()
  async run(planCatalog: PlanCatalog) {
    try {
      const plan = String(this.plan || '')
        .trim()
        .toLowerCase()
      if (plan !== 'pro' && plan !== 'plus') throw new Error('plan must be pro or plus')
      const priceId = String(this.priceId || '').trim()
      if (!/^[A-Za-z0-9_\-]{3,255}$/.test(priceId)) throw new Error('price_id looks invalid')
      if (!/^\d+$/.test(String(this.amount))) throw new Error('amount must be a non-negative integer in minor units')
      const amount = Number(this.amount)
      // The provider's largest amount (8 digits), far inside the 32-bit price column.
      if (amount > 99_999_999) throw new Error('amount must be at most 99999999 minor units')
      const currency = String(this.currency || 'usd')
        .trim()
        .toLowerCase()
      if (!/^[a-z]{3}$/.test(currency)) throw new Error('currency must be a 3-letter ISO code')
      await planCatalog.ensureDefaults()
      const row = await planCatalog.setPrice(plan, priceId, amount, currency)
      const body = {
        plan,
        price_id: row.paymentPriceId,
        amount: row.price,
        currency: row.currency,
        interval: row.billingInterval,
      }
      this.succeed(
        body,
        `${plan} now uses ${body.price_id} at ${amount} ${currency} per month (older prices kept for existing subscriptions)`
      )
    } catch (error) {
      this.failWith(error, 'Could not set the price')
    }
  }
}
