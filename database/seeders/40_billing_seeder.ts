import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { ALL_ENVIRONMENTS } from '#database/seed_environments'
import { PlanCatalog } from '#services/billing/plans'

/**
 * The plan catalog (idempotent): price ids from STRIPE_PRICE_PRO / STRIPE_PRICE_PLUS or
 * placeholders. Every environment needs it; demo@example.com's plan is 45_demo_billing_seeder.
 */
export default class BillingSeeder extends BaseSeeder {
  static environment = ALL_ENVIRONMENTS

  async run() {
    await new PlanCatalog().ensureDefaults()
  }
}
