import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, timestampColumns } from '#database/schema_columns'

/**
 * docs/rules/flags.md#evaluation: feature flags, their audit trail, and a one-row version counter that lets
 * every app instance notice another instance's write cheaply (docs/decisions/flags.md).
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'feature_flags', (table) => {
      table.string('id', 36).primary()
      table.string('name', 100).notNullable().unique()
      table.text('description').nullable()
      table.boolean('is_enabled').notNullable().defaultTo(false)
      table.string('environment', 20).nullable()
      timestampColumns(table)
    })
    await createTableIfMissing(this, 'feature_flag_audits', (table) => {
      table.increments('id')
      table.string('flag_name', 100).notNullable()
      table.string('action', 20).notNullable()
      table.string('actor', 64).notNullable()
      table.boolean('old_value').nullable()
      table.boolean('new_value').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['flag_name', 'created_at'])
    })
    if (!(await this.schema.hasTable('feature_flag_versions'))) {
      this.schema.createTable('feature_flag_versions', (table) => {
        table.integer('id').primary()
        table.bigint('version').notNullable().defaultTo(0)
      })
      this.defer(async (db) => {
        await db.table('feature_flag_versions').insert({ id: 1, version: 0 })
      })
    }
  }

  async down() {
    dropTablesIfExist(this, ['feature_flag_versions', 'feature_flag_audits', 'feature_flags'])
  }
}
