import db from '@adonisjs/lucid/services/db'
import User from '#models/user'

/** The demo account of the demo seeders (10_demo_users_seeder creates it). */
export const DEMO_EMAIL = 'demo@example.com'

export function demoUser() {
  return User.findBy('email', DEMO_EMAIL)
}

/**
 * The demo account while it has no row in `table` yet (`column` names its owner): a demo seeder
 * fills once and leaves alone what the demo user has since. Null without the account or once it has rows.
 */
export async function demoUserWithout(table: string, column: string): Promise<User | null> {
  const user = await demoUser()
  if (!user) return null
  return (await db.from(table).where(column, user.id).first()) ? null : user
}
