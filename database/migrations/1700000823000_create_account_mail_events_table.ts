import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, foreignId } from '#database/schema_columns'

/**
 * Issue 23 item 9: one row per account mail let through (reset, verification, email change),
 * counted per recipient address and per account over the last hour. The address is stored as
 * its SHA-256 only. Rows older than a day are deleted as new ones are written.
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'account_mail_events', (table) => {
      table.increments('id')
      table.string('kind', 32).notNullable()
      table.string('address_hash', 64).notNullable()
      foreignId(table, 'user_id', 'users', { nullable: true })
      table.timestamp('created_at').notNullable()
      table.index(['address_hash', 'created_at'])
      table.index(['user_id', 'created_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    dropTablesIfExist(this, ['account_mail_events'])
  }
}
