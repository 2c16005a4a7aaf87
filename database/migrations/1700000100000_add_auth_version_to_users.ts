import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Accounts: `users.auth_version` is copied into each session at sign-in. Changing the password
 * or "sign out everywhere" bumps it, so every other session (cookie sessions included) stops
 * authenticating on its next request. Lookups by username are case-insensitive.
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasColumn('users', 'auth_version'))) {
      this.schema.alterTable('users', (table) => {
        table.integer('auth_version').notNullable().defaultTo(1)
      })
    }
    this.defer(async (db) => {
      await db.rawQuery(
        'CREATE UNIQUE INDEX IF NOT EXISTS users_lower_username_unique ON users (LOWER(username)) WHERE username IS NOT NULL'
      )
      await db.rawQuery(
        'CREATE INDEX IF NOT EXISTS user_tokens_user_type_created_index ON user_tokens (user_id, type, created_at)'
      )
      await db.rawQuery(
        'CREATE INDEX IF NOT EXISTS security_events_user_type_created_index ON security_events (user_id, type, created_at)'
      )
    })
  }

  async down() {
    if (await this.schema.hasColumn('users', 'auth_version')) {
      this.schema.alterTable('users', (table) => {
        table.dropColumn('auth_version')
      })
    }
  }
}
