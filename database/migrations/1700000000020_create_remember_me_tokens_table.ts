import { BaseSchema } from '@adonisjs/lucid/schema'
import { dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

export default class extends BaseSchema {
  async up() {
    if (await this.schema.hasTable('remember_me_tokens')) return
    this.schema.createTable('remember_me_tokens', (table) => {
      table.increments()
      foreignId(table, 'tokenable_id', 'users')
      table.string('hash').notNullable().unique()
      timestampColumns(table)
      table.timestamp('expires_at').notNullable()
    })
  }

  async down() {
    dropTablesIfExist(this, ['remember_me_tokens'])
  }
}
