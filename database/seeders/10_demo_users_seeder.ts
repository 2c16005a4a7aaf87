import { BaseSeeder } from '@adonisjs/lucid/seeders'
import User from '#models/user'

/** CONTRACT 12: demo@example.com (verified; pro via the billing seeder) and admin@example.com. */
export const DEMO_PASSWORD = 'demo-password'

export default class DemoUsersSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    for (const [email, role, username] of [
      ['demo@example.com', 'user', 'demo'],
      ['admin@example.com', 'admin', 'admin'],
    ] as const) {
      const existing = await User.findBy('email', email)
      if (existing) continue
      await User.create({ email, canonicalEmail: email, username, role, emailVerified: true, password: DEMO_PASSWORD })
    }
  }
}
