import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DEMO_ENVIRONMENTS } from '#database/seed_environments'
import { demoUser } from '#database/demo_user'
import { assignPlan } from '#services/billing/subscription_writer'
import { subscriptionFor } from '#services/billing/subscription_store'
import { PlanCatalog } from '#services/billing/plans'

/** demo@example.com on an active Pro plan (docs/rules/billing.md#mutations), development and test only. */
export default class DemoBillingSeeder extends BaseSeeder {
  static environment = DEMO_ENVIRONMENTS

  async run() {
    const demo = await demoUser()
    if (!demo) return
    const row = await subscriptionFor(demo.id)
    if (row.planSlug !== 'pro' || row.status !== 'active') await assignPlan(new PlanCatalog(), demo.id, 'pro')
  }
}
