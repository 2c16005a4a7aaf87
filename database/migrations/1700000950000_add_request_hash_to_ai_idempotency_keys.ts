import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The fingerprint of the request an Idempotency-Key first answered (docs/rules/ai.md#credits): the same key
 * with another tool or body is refused instead of replaying an answer to a different question. Rows written
 * before this column have none and replay as they did.
 */
export default class extends BaseSchema {
  protected tableName = 'ai_idempotency_keys'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('request_hash', 64).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('request_hash')
    })
  }
}
