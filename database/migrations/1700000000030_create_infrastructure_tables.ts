import { BaseSchema } from '@adonisjs/lucid/schema'

/** Tables used by @adonisjs/limiter (database store) and @adonisjs/lock (database store). */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasTable('rate_limits'))) {
      this.schema.createTable('rate_limits', (table) => {
        table.string('key', 255).notNullable().primary()
        table.integer('points', 9).notNullable().defaultTo(0)
        table.bigint('expire').unsigned()
      })
    }
    if (!(await this.schema.hasTable('locks'))) {
      this.schema.createTable('locks', (table) => {
        table.string('key', 255).notNullable().primary()
        table.string('owner').notNullable()
        table.bigint('expiration').unsigned().nullable()
      })
    }
    if (!(await this.schema.hasTable('user_tokens'))) {
      // One-time tokens (email verification, password reset): stored hashed, single use.
      this.schema.createTable('user_tokens', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('type', 30).notNullable()
        table.string('token_hash', 128).notNullable().unique()
        table.string('email', 254).nullable()
        table.timestamp('expires_at').notNullable()
        table.timestamp('used_at').nullable()
        table.timestamp('created_at').notNullable()
        table.index(['user_id', 'type'])
      })
    }
    if (!(await this.schema.hasTable('security_events'))) {
      this.schema.createTable('security_events', (table) => {
        table.increments('id')
        table.string('type', 50).notNullable()
        table.string('ip_address', 64).notNullable()
        table.integer('user_id').nullable().unsigned().references('id').inTable('users').onDelete('SET NULL')
        table.text('details').nullable()
        table.timestamp('created_at').notNullable()
        table.index(['type', 'ip_address', 'created_at'])
      })
    }
  }

  async down() {
    this.schema.dropTableIfExists('security_events')
    this.schema.dropTableIfExists('user_tokens')
    this.schema.dropTableIfExists('locks')
    this.schema.dropTableIfExists('rate_limits')
  }
}
