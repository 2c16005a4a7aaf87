import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 23 item 9: one row per account mail let through (reset, verification, email change),
 * counted per recipient address and per account over the last hour. The address is stored as
 * its SHA-256 only. Rows older than a day are deleted as new ones are written.
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasTable('account_mail_events'))) {
      this.schema.createTable('account_mail_events', (table) => {
        table.increments('id')
        table.string('kind', 32).notNullable()
        table.string('address_hash', 64).notNullable()
        table.integer('user_id').nullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.timestamp('created_at').notNullable()
        table.index(['address_hash', 'created_at'])
        table.index(['user_id', 'created_at'])
        table.index(['created_at'])
      })
    }
  }

  async down() {
    this.schema.dropTableIfExists('account_mail_events')
  }
}
