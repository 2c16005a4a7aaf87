import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import { createTableIfMissing, dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

/** A titled tool result whose items have their own table (flashcard sets, study guides). */
function titledResult(table: Knex.CreateTableBuilder) {
  table.increments('id')
  foreignId(table, 'user_id', 'users')
  table.string('title', 255).notNullable()
  table.text('scope').notNullable()
  table.string('provider', 40).notNullable().defaultTo('local')
  timestampColumns(table)
  table.index(['user_id', 'id'])
}

/**
 * AI study tools (docs/rules/ai.md#tools): results of the five tools, trivia attempts, generated courses and
 * the idempotency records of generation calls. JSON columns are text (SQLite + PostgreSQL).
 */
export default class extends BaseSchema {
  async up() {
    await createTableIfMissing(this, 'ai_summaries', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      table.text('scope').notNullable()
      table.text('summary').notNullable()
      table.text('key_points').notNullable()
      table.text('citations').nullable()
      table.string('provider', 40).notNullable().defaultTo('local')
      timestampColumns(table)
      table.index(['user_id', 'id'])
    })
    await createTableIfMissing(this, 'ai_flashcard_sets', titledResult)
    await createTableIfMissing(this, 'ai_flashcards', (table) => {
      table.increments('id')
      foreignId(table, 'set_id', 'ai_flashcard_sets')
      table.integer('position').notNullable()
      table.text('front').notNullable()
      table.text('back').notNullable()
      table.text('citation').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['set_id', 'position'])
    })
    await createTableIfMissing(this, 'ai_study_guides', titledResult)
    await createTableIfMissing(this, 'ai_study_guide_sections', (table) => {
      table.increments('id')
      foreignId(table, 'guide_id', 'ai_study_guides')
      table.integer('position').notNullable()
      table.string('heading', 255).notNullable()
      table.text('content').notNullable()
      table.text('citations').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['guide_id', 'position'])
    })
    await createTableIfMissing(this, 'ai_game_sessions', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      table.text('scope').notNullable()
      table.string('difficulty', 10).notNullable().defaultTo('medium')
      table.string('focus_topic', 200).nullable()
      table.text('questions').notNullable()
      table.string('provider', 40).notNullable().defaultTo('local')
      timestampColumns(table)
      table.index(['user_id', 'id'])
    })
    await createTableIfMissing(this, 'ai_game_attempts', (table) => {
      table.increments('id')
      foreignId(table, 'session_id', 'ai_game_sessions')
      foreignId(table, 'user_id', 'users')
      table.text('answers').notNullable()
      table.integer('score').notNullable()
      table.integer('total').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['session_id'])
    })
    await createTableIfMissing(this, 'generated_courses', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      table.string('topic', 200).notNullable()
      table.string('level', 20).notNullable().defaultTo('beginner')
      table.string('title', 255).notNullable()
      table.text('description').notNullable()
      table.text('modules').notNullable()
      table.text('document_ids').nullable()
      table.string('provider', 40).notNullable().defaultTo('local')
      timestampColumns(table)
      table.index(['user_id', 'id'])
    })
    await createTableIfMissing(this, 'ai_idempotency_keys', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      table.string('key', 200).notNullable()
      table.string('operation', 60).notNullable()
      table.integer('status_code').notNullable()
      table.text('response').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'key'])
    })
  }

  async down() {
    dropTablesIfExist(this, [
      'ai_idempotency_keys',
      'generated_courses',
      'ai_game_attempts',
      'ai_game_sessions',
      'ai_study_guide_sections',
      'ai_study_guides',
      'ai_flashcards',
      'ai_flashcard_sets',
      'ai_summaries',
    ])
  }
}
