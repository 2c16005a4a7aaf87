import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, foreignId } from '#database/schema_columns'

/** Tables used by @adonisjs/limiter (database store) and @adonisjs/lock (database store). */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
    await createTableIfMissing(this, 'locks', (table) => {
      table.string('key', 255).notNullable().primary()
      table.string('owner').notNullable()
      table.bigint('expiration').unsigned().nullable()
    })
    if (!(await this.schema.hasTable('user_tokens'))) {
      // One-time tokens (email verification, password reset): stored hashed, single use.
      this.schema.createTable('user_tokens', (table) => {
        table.increments('id')
        foreignId(table, 'user_id', 'users')
        table.string('type', 30).notNullable()
        table.string('token_hash', 128).notNullable().unique()
        table.string('email', 254).nullable()
        table.timestamp('expires_at').notNullable()
        table.timestamp('used_at').nullable()
        table.timestamp('created_at').notNullable()
        table.index(['user_id', 'type'])
      })
    }
    await createTableIfMissing(this, 'security_events', (table) => {
      table.increments('id')
      table.string('type', 50).notNullable()
      table.string('ip_address', 64).notNullable()
      foreignId(table, 'user_id', 'users', { nullable: true, onDelete: 'SET NULL' })
      table.text('details').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['type', 'ip_address', 'created_at'])
    })
  }

  async down() {
    dropTablesIfExist(this, ['security_events', 'user_tokens', 'locks', 'rate_limits'])
  }
}
