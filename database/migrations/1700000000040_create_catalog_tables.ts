import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The public catalog. Ids only grow, so keyset scans by id are stable (sitemap chunks);
 * slugs are unique and at most 200 characters (docs/rules/catalog.md#lists).
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasTable('institutions'))) {
      this.schema.createTable('institutions', (table) => {
        table.increments('id')
        table.string('slug', 200).notNullable().unique()
        table.string('name', 255).notNullable()
        table.text('description').nullable()
        table.string('city', 120).nullable()
        table.string('country', 120).nullable()
        table.string('visibility', 10).notNullable().defaultTo('public')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['visibility', 'id'])
      })
    }
    if (!(await this.schema.hasTable('courses'))) {
      this.schema.createTable('courses', (table) => {
        table.increments('id')
        table.string('slug', 200).notNullable().unique()
        table.string('code', 50).nullable()
        table.string('title', 255).notNullable()
        table.text('description').nullable()
        table
          .integer('institution_id')
          .nullable()
          .unsigned()
          .references('id')
          .inTable('institutions')
          .onDelete('SET NULL')
        table.integer('owner_id').nullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('visibility', 10).notNullable().defaultTo('public')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['visibility', 'id'])
        table.index(['institution_id'])
        table.index(['owner_id'])
      })
    }
    if (!(await this.schema.hasTable('documents'))) {
      this.schema.createTable('documents', (table) => {
        table.increments('id')
        table.string('slug', 200).notNullable().unique()
        table.string('title', 255).notNullable()
        table.text('description').nullable()
        table.text('seo_content').nullable()
        table.text('topic_tags').nullable()
        table.string('access_level', 10).notNullable().defaultTo('free')
        table.string('visibility', 10).notNullable().defaultTo('public')
        table.integer('course_id').nullable().unsigned().references('id').inTable('courses').onDelete('SET NULL')
        table.integer('owner_id').nullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.integer('page_count').notNullable().defaultTo(0)
        table.integer('price').nullable()
        table.string('currency', 3).nullable()
        table.string('file_key', 500).nullable()
        table.string('file_name', 255).nullable()
        table.string('mime_type', 100).nullable()
        table.integer('size_bytes').nullable()
        table.string('ingest_status', 20).notNullable().defaultTo('ready')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['visibility', 'id'])
        table.index(['course_id'])
        table.index(['owner_id'])
      })
    }
    if (!(await this.schema.hasTable('document_chunks'))) {
      this.schema.createTable('document_chunks', (table) => {
        table.increments('id')
        table.integer('document_id').notNullable().unsigned().references('id').inTable('documents').onDelete('CASCADE')
        table.integer('chunk_index').notNullable()
        table.text('content').notNullable()
        table.text('embedding').nullable()
        table.timestamp('created_at').notNullable()
        table.unique(['document_id', 'chunk_index'])
      })
    }
  }

  async down() {
    this.schema.dropTableIfExists('document_chunks')
    this.schema.dropTableIfExists('documents')
    this.schema.dropTableIfExists('courses')
    this.schema.dropTableIfExists('institutions')
  }
}
