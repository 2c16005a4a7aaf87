import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import { createTableIfMissing, dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

/**
 * The close of a catalog row that has a parent and an owner (courses, documents): its timestamps and the
 * indexes of the public list, of the parent's page and of the owner's workspace.
 */
function listedUnder(table: Knex.CreateTableBuilder, parentColumn: string) {
  timestampColumns(table)
  table.index(['visibility', 'id'])
  table.index([parentColumn])
  table.index(['owner_id'])
}

/**
 * The public catalog. Ids only grow, so keyset scans by id are stable (sitemap chunks);
 * slugs are unique and at most 200 characters (docs/rules/catalog.md#lists).
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'institutions', (table) => {
      table.increments('id')
      table.string('slug', 200).notNullable().unique()
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.string('city', 120).nullable()
      table.string('country', 120).nullable()
      table.string('visibility', 10).notNullable().defaultTo('public')
      timestampColumns(table)
      table.index(['visibility', 'id'])
    })
    await createTableIfMissing(this, 'courses', (table) => {
      table.increments('id')
      table.string('slug', 200).notNullable().unique()
      table.string('code', 50).nullable()
      table.string('title', 255).notNullable()
      table.text('description').nullable()
      foreignId(table, 'institution_id', 'institutions', { nullable: true, onDelete: 'SET NULL' })
      foreignId(table, 'owner_id', 'users', { nullable: true })
      table.string('visibility', 10).notNullable().defaultTo('public')
      listedUnder(table, 'institution_id')
    })
    await createTableIfMissing(this, 'documents', (table) => {
      table.increments('id')
      table.string('slug', 200).notNullable().unique()
      table.string('title', 255).notNullable()
      table.text('description').nullable()
      table.text('seo_content').nullable()
      table.text('topic_tags').nullable()
      table.string('access_level', 10).notNullable().defaultTo('free')
      table.string('visibility', 10).notNullable().defaultTo('public')
      foreignId(table, 'course_id', 'courses', { nullable: true, onDelete: 'SET NULL' })
      foreignId(table, 'owner_id', 'users', { nullable: true })
      table.integer('page_count').notNullable().defaultTo(0)
      table.integer('price').nullable()
      table.string('currency', 3).nullable()
      table.string('file_key', 500).nullable()
      table.string('file_name', 255).nullable()
      table.string('mime_type', 100).nullable()
      table.integer('size_bytes').nullable()
      table.string('ingest_status', 20).notNullable().defaultTo('ready')
      listedUnder(table, 'course_id')
    })
    await createTableIfMissing(this, 'document_chunks', (table) => {
      table.increments('id')
      foreignId(table, 'document_id', 'documents')
      table.integer('chunk_index').notNullable()
      table.text('content').notNullable()
      table.text('embedding').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['document_id', 'chunk_index'])
    })
  }

  async down() {
    dropTablesIfExist(this, ['document_chunks', 'documents', 'courses', 'institutions'])
  }
}
