import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Structured notes (docs/rules/notes.md#notes). Additive and guarded. A reference points at its
 * target through one nullable FK column per target type with ON DELETE SET NULL, so a
 * hard-deleted target nulls the target columns and the reference row stays (its live
 * access state then reads `unavailable`).
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasTable('structured_notes'))) {
      this.schema.createTable('structured_notes', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('title', 200).notNullable()
        table.text('body').notNullable().defaultTo('')
        table.string('status', 10).notNullable().defaultTo('active')
        table.timestamp('deadline_at').nullable()
        table.timestamp('reminder_at').nullable()
        table.timestamp('reminder_sent_at').nullable()
        table.timestamp('deleted_at').nullable()
        // Lowercased title + body + reference contexts: what `q` searches (FTS5 / pg_trgm).
        table.text('search_text').notNullable().defaultTo('')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['user_id', 'status', 'updated_at'], 'structured_notes_user_status_updated_index')
        table.index(['reminder_at'], 'structured_notes_reminder_index')
      })
    }
    if (!(await this.schema.hasTable('structured_note_references'))) {
      this.schema.createTable('structured_note_references', (table) => {
        table.increments('id')
        table
          .integer('note_id')
          .notNullable()
          .unsigned()
          .references('id')
          .inTable('structured_notes')
          .onDelete('CASCADE')
        table.string('target_type', 20).notNullable()
        table.integer('document_id').nullable().unsigned().references('id').inTable('documents').onDelete('SET NULL')
        table.integer('course_id').nullable().unsigned().references('id').inTable('courses').onDelete('SET NULL')
        table
          .integer('institution_id')
          .nullable()
          .unsigned()
          .references('id')
          .inTable('institutions')
          .onDelete('SET NULL')
        table.string('target_slug', 200).nullable()
        table.string('target_title', 255).nullable()
        table.text('context').nullable()
        table.integer('position').notNullable().defaultTo(0)
        table.string('ref_date', 10).nullable()
        table.string('status', 10).notNullable().defaultTo('active')
        table.timestamp('archived_at').nullable()
        table.string('access_state_snapshot', 12).notNullable()
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['note_id', 'position'])
        table.index(['document_id'])
        table.index(['course_id'])
        table.index(['institution_id'])
      })
    }
    if (!(await this.schema.hasTable('structured_note_canvas_items'))) {
      this.schema.createTable('structured_note_canvas_items', (table) => {
        table.increments('id')
        table
          .integer('note_id')
          .notNullable()
          .unsigned()
          .unique()
          .references('id')
          .inTable('structured_notes')
          .onDelete('CASCADE')
        table.double('x').notNullable().defaultTo(0)
        table.double('y').notNullable().defaultTo(0)
        table.double('width').notNullable().defaultTo(240)
        table.double('height').notNullable().defaultTo(160)
        table.string('group_label', 60).nullable()
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
      })
    }
    if (!(await this.schema.hasTable('structured_note_calendar_tokens'))) {
      this.schema.createTable('structured_note_calendar_tokens', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().unique().references('id').inTable('users').onDelete('CASCADE')
        table.string('token_hash', 64).notNullable().unique()
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
      })
    }
  }

  async down() {
    this.schema.dropTableIfExists('structured_note_calendar_tokens')
    this.schema.dropTableIfExists('structured_note_canvas_items')
    this.schema.dropTableIfExists('structured_note_references')
    this.schema.dropTableIfExists('structured_notes')
  }
}
