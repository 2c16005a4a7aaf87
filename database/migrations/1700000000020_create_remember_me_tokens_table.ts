import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    if (await this.schema.hasTable('remember_me_tokens')) return
    this.schema.createTable('remember_me_tokens', (table) => {
      table.increments()
      table.integer('tokenable_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
      table.string('hash').notNullable().unique()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.timestamp('expires_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTableIfExists('remember_me_tokens')
  }
}
