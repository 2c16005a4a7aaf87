import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

/**
 * Structured notes (docs/rules/notes.md#notes). Additive and guarded. A reference points at its
 * target through one nullable FK column per target type with ON DELETE SET NULL, so a
 * hard-deleted target nulls the target columns and the reference row stays (its live
 * access state then reads `unavailable`).
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'structured_notes', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      table.string('title', 200).notNullable()
      table.text('body').notNullable().defaultTo('')
      table.string('status', 10).notNullable().defaultTo('active')
      table.timestamp('deadline_at').nullable()
      table.timestamp('reminder_at').nullable()
      table.timestamp('reminder_sent_at').nullable()
      table.timestamp('deleted_at').nullable()
      // Lowercased title + body + reference contexts: what `q` searches (FTS5 / pg_trgm).
      table.text('search_text').notNullable().defaultTo('')
      timestampColumns(table)
      table.index(['user_id', 'status', 'updated_at'], 'structured_notes_user_status_updated_index')
      table.index(['reminder_at'], 'structured_notes_reminder_index')
    })
    await createTableIfMissing(this, 'structured_note_references', (table) => {
      table.increments('id')
      foreignId(table, 'note_id', 'structured_notes')
      table.string('target_type', 20).notNullable()
      foreignId(table, 'document_id', 'documents', { nullable: true, onDelete: 'SET NULL' })
      foreignId(table, 'course_id', 'courses', { nullable: true, onDelete: 'SET NULL' })
      foreignId(table, 'institution_id', 'institutions', { nullable: true, onDelete: 'SET NULL' })
      table.string('target_slug', 200).nullable()
      table.string('target_title', 255).nullable()
      table.text('context').nullable()
      table.integer('position').notNullable().defaultTo(0)
      table.string('ref_date', 10).nullable()
      table.string('status', 10).notNullable().defaultTo('active')
      table.timestamp('archived_at').nullable()
      table.string('access_state_snapshot', 12).notNullable()
      timestampColumns(table)
      table.index(['note_id', 'position'])
      table.index(['document_id'])
      table.index(['course_id'])
      table.index(['institution_id'])
    })
    await createTableIfMissing(this, 'structured_note_canvas_items', (table) => {
      table.increments('id')
      foreignId(table, 'note_id', 'structured_notes', { unique: true })
      table.double('x').notNullable().defaultTo(0)
      table.double('y').notNullable().defaultTo(0)
      table.double('width').notNullable().defaultTo(240)
      table.double('height').notNullable().defaultTo(160)
      table.string('group_label', 60).nullable()
      timestampColumns(table)
    })
    await createTableIfMissing(this, 'structured_note_calendar_tokens', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users', { unique: true })
      table.string('token_hash', 64).notNullable().unique()
      timestampColumns(table)
    })
  }

  async down() {
    dropTablesIfExist(this, [
      'structured_note_calendar_tokens',
      'structured_note_canvas_items',
      'structured_note_references',
      'structured_notes',
    ])
  }
}
