import { BaseSeeder } from '@adonisjs/lucid/seeders'
import User from '#models/user'
import { planCatalog } from '#services/billing/plans'
import { assignPlan } from '#services/billing/plan_assignment'
import { subscriptionFor } from '#services/billing/subscription_store'

/**
 * Billing demo data (idempotent): the plan catalog (price ids from STRIPE_PRICE_PRO /
 * STRIPE_PRICE_PLUS or placeholders) and demo@example.com on an active Pro plan (CONTRACT 12).
 */
export default class BillingSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await planCatalog.ensureDefaults()
    const demo = await User.findBy('email', 'demo@example.com')
    if (demo) {
      const row = await subscriptionFor(demo.id)
      if (row.planSlug !== 'pro' || row.status !== 'active') await assignPlan(demo.id, 'pro')
    }
  }
}
