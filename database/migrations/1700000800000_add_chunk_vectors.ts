import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Dense vectors of issue 25, additive: each chunk keeps its sentence-encoder vectors as one
 * Float32 blob ([chunk, ...sentences], `vectors_model` names the encoder); each document tells
 * how far its embedding has come. The hashed `embedding` column is no longer written.
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasColumn('document_chunks', 'vectors'))) {
      this.schema.alterTable('document_chunks', (table) => {
        table.binary('vectors').nullable()
        table.string('vectors_model', 64).nullable()
      })
    }
    if (!(await this.schema.hasColumn('documents', 'embedding_status'))) {
      this.schema.alterTable('documents', (table) => {
        table.string('embedding_status', 16).notNullable().defaultTo('pending')
        table.float('embedding_progress').notNullable().defaultTo(0)
      })
    }
  }

  async down() {
    this.schema.alterTable('document_chunks', (table) => {
      table.dropColumn('vectors')
      table.dropColumn('vectors_model')
    })
    this.schema.alterTable('documents', (table) => {
      table.dropColumn('embedding_status')
      table.dropColumn('embedding_progress')
    })
  }
}
