import { BaseSchema } from '@adonisjs/lucid/schema'
import { dropTablesIfExist, foreignId } from '#database/schema_columns'

/**
 * Issue 23 item 8: server-side session records. The signed-in cookie session carries the id of
 * one row; every authenticated request looks it up, so sign-out, expiry and revocation hold on
 * every instance (the table is shared) whatever cookie comes back. `family_id` ties the rows of
 * one sign-in together (each remember-me re-login adds a fresh row to it); `signed_in_at` is when
 * the family began (the absolute lifetime). Additive.
 */
export default class extends BaseSchema {
  async up() {
    if (await this.schema.hasTable('user_sessions')) return
    this.schema.createTable('user_sessions', (table) => {
      table.string('id', 64).primary()
      foreignId(table, 'user_id', 'users')
      table.string('family_id', 64).notNullable()
      table.boolean('remember').notNullable().defaultTo(false)
      table.integer('remember_token_id').nullable()
      table.timestamp('signed_in_at').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('last_seen_at').notNullable()
      table.timestamp('revoked_at').nullable()
      table.index(['user_id'], 'user_sessions_user_id_index')
      table.index(['family_id'], 'user_sessions_family_id_index')
      table.index(['remember_token_id'], 'user_sessions_remember_token_id_index')
    })
  }

  async down() {
    dropTablesIfExist(this, ['user_sessions'])
  }
}
