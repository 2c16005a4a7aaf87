import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, timestampColumns } from '#database/schema_columns'

export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'users', (table) => {
      table.increments('id').notNullable()
      table.string('email', 254).notNullable().unique()
      table.string('canonical_email', 255).nullable()
      table.string('username', 50).nullable().unique()
      table.string('password').nullable()
      table.string('role', 20).notNullable().defaultTo('user')
      table.boolean('email_verified').notNullable().defaultTo(false)
      table.string('payment_customer_id', 255).nullable().index()
      table.string('google_id', 255).nullable().unique()
      timestampColumns(table, { nullableUpdatedAt: true })
    })
    // docs/rules/accounts.md#signup: partial unique index over non-null canonical emails (SQLite and PostgreSQL).
    this.defer(async (db) => {
      await db.rawQuery(
        'CREATE UNIQUE INDEX IF NOT EXISTS users_canonical_email_unique ON users (canonical_email) WHERE canonical_email IS NOT NULL'
      )
    })
  }

  async down() {
    dropTablesIfExist(this, ['users'])
  }
}
