import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import { createTableIfMissing, dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

type Columns = (table: Knex.CreateTableBuilder) => void

/** A tool result the user owns: its own columns between the owner and the provider, listed per user. */
function userResult(columns: Columns): Columns {
  return (table) => {
    table.increments('id')
    foreignId(table, 'user_id', 'users')
    columns(table)
    table.string('provider', 40).notNullable().defaultTo('local')
    timestampColumns(table)
    table.index(['user_id', 'id'])
  }
}

/** A titled tool result whose items have their own table (flashcard sets, study guides). */
const titledResult = userResult((table) => {
  table.string('title', 255).notNullable()
  table.text('scope').notNullable()
})

/** The items of a titled result (cards, sections), in their order, deleted with it. */
function resultItems(parentColumn: string, parentTable: string, columns: Columns): Columns {
  return (table) => {
    table.increments('id')
    foreignId(table, parentColumn, parentTable)
    table.integer('position').notNullable()
    columns(table)
    table.timestamp('created_at').notNullable()
    table.index([parentColumn, 'position'])
  }
}

/** The tables in creation order (a result before its items); a rollback drops them in reverse. */
const TABLES: Record<string, Columns> = {
  ai_summaries: userResult((table) => {
    table.text('scope').notNullable()
    table.text('summary').notNullable()
    table.text('key_points').notNullable()
    table.text('citations').nullable()
  }),
  ai_flashcard_sets: titledResult,
  ai_flashcards: resultItems('set_id', 'ai_flashcard_sets', (table) => {
    table.text('front').notNullable()
    table.text('back').notNullable()
    table.text('citation').nullable()
  }),
  ai_study_guides: titledResult,
  ai_study_guide_sections: resultItems('guide_id', 'ai_study_guides', (table) => {
    table.string('heading', 255).notNullable()
    table.text('content').notNullable()
    table.text('citations').nullable()
  }),
  ai_game_sessions: userResult((table) => {
    table.text('scope').notNullable()
    table.string('difficulty', 10).notNullable().defaultTo('medium')
    table.string('focus_topic', 200).nullable()
    table.text('questions').notNullable()
  }),
  ai_game_attempts: (table) => {
    table.increments('id')
    foreignId(table, 'session_id', 'ai_game_sessions')
    foreignId(table, 'user_id', 'users')
    table.text('answers').notNullable()
    table.integer('score').notNullable()
    table.integer('total').notNullable()
    table.timestamp('created_at').notNullable()
    table.index(['session_id'])
  },
  generated_courses: userResult((table) => {
    table.string('topic', 200).notNullable()
    table.string('level', 20).notNullable().defaultTo('beginner')
    table.string('title', 255).notNullable()
    table.text('description').notNullable()
    table.text('modules').notNullable()
    table.text('document_ids').nullable()
  }),
  ai_idempotency_keys: (table) => {
    table.increments('id')
    foreignId(table, 'user_id', 'users')
    table.string('key', 200).notNullable()
    table.string('operation', 60).notNullable()
    table.integer('status_code').notNullable()
    table.text('response').notNullable()
    table.timestamp('created_at').notNullable()
    table.unique(['user_id', 'key'])
  },
}

/**
 * AI study tools (docs/rules/ai.md#tools): results of the five tools, trivia attempts, generated courses and
 * the idempotency records of generation calls. JSON columns are text (SQLite + PostgreSQL).
 */
export default class extends BaseSchema {
  async up() {
    for (const [name, columns] of Object.entries(TABLES)) await createTableIfMissing(this, name, columns)
  }

  async down() {
    dropTablesIfExist(this, Object.keys(TABLES).reverse())
  }
}
