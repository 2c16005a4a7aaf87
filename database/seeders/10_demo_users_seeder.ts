import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DEMO_ENVIRONMENTS } from '#database/seed_environments'
import User from '#models/user'
import { DEMO_EMAIL } from '#database/demo_user'

/**
 * docs/rules/accounts.md#sessions: demo@example.com (verified; pro via the billing seeder) and
 * admin@example.com.
 */
export const DEMO_PASSWORD = 'demo-password'

export default class DemoUsersSeeder extends BaseSeeder {
  static environment = DEMO_ENVIRONMENTS

  async run() {
    for (const [email, role, username] of [
      [DEMO_EMAIL, 'user', 'demo'],
      ['admin@example.com', 'admin', 'admin'],
    ] as const) {
      const existing = await User.findBy('email', email)
      if (existing) continue
      await User.create({ email, canonicalEmail: email, username, role, emailVerified: true, password: DEMO_PASSWORD })
    }
  }
}
