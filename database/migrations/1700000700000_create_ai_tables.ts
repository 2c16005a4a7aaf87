import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * AI study tools (docs/rules/ai.md#tools): results of the five tools, trivia attempts, generated courses and
 * the idempotency records of generation calls. JSON columns are text (SQLite + PostgreSQL).
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasTable('ai_summaries'))) {
      this.schema.createTable('ai_summaries', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.text('scope').notNullable()
        table.text('summary').notNullable()
        table.text('key_points').notNullable()
        table.text('citations').nullable()
        table.string('provider', 40).notNullable().defaultTo('local')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['user_id', 'id'])
      })
    }
    if (!(await this.schema.hasTable('ai_flashcard_sets'))) {
      this.schema.createTable('ai_flashcard_sets', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('title', 255).notNullable()
        table.text('scope').notNullable()
        table.string('provider', 40).notNullable().defaultTo('local')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['user_id', 'id'])
      })
    }
    if (!(await this.schema.hasTable('ai_flashcards'))) {
      this.schema.createTable('ai_flashcards', (table) => {
        table.increments('id')
        table
          .integer('set_id')
          .notNullable()
          .unsigned()
          .references('id')
          .inTable('ai_flashcard_sets')
          .onDelete('CASCADE')
        table.integer('position').notNullable()
        table.text('front').notNullable()
        table.text('back').notNullable()
        table.text('citation').nullable()
        table.timestamp('created_at').notNullable()
        table.index(['set_id', 'position'])
      })
    }
    if (!(await this.schema.hasTable('ai_study_guides'))) {
      this.schema.createTable('ai_study_guides', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('title', 255).notNullable()
        table.text('scope').notNullable()
        table.string('provider', 40).notNullable().defaultTo('local')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['user_id', 'id'])
      })
    }
    if (!(await this.schema.hasTable('ai_study_guide_sections'))) {
      this.schema.createTable('ai_study_guide_sections', (table) => {
        table.increments('id')
        table
          .integer('guide_id')
          .notNullable()
          .unsigned()
          .references('id')
          .inTable('ai_study_guides')
          .onDelete('CASCADE')
        table.integer('position').notNullable()
        table.string('heading', 255).notNullable()
        table.text('content').notNullable()
        table.text('citations').nullable()
        table.timestamp('created_at').notNullable()
        table.index(['guide_id', 'position'])
      })
    }
    if (!(await this.schema.hasTable('ai_game_sessions'))) {
      this.schema.createTable('ai_game_sessions', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.text('scope').notNullable()
        table.string('difficulty', 10).notNullable().defaultTo('medium')
        table.string('focus_topic', 200).nullable()
        table.text('questions').notNullable()
        table.string('provider', 40).notNullable().defaultTo('local')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['user_id', 'id'])
      })
    }
    if (!(await this.schema.hasTable('ai_game_attempts'))) {
      this.schema.createTable('ai_game_attempts', (table) => {
        table.increments('id')
        table
          .integer('session_id')
          .notNullable()
          .unsigned()
          .references('id')
          .inTable('ai_game_sessions')
          .onDelete('CASCADE')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.text('answers').notNullable()
        table.integer('score').notNullable()
        table.integer('total').notNullable()
        table.timestamp('created_at').notNullable()
        table.index(['session_id'])
      })
    }
    if (!(await this.schema.hasTable('generated_courses'))) {
      this.schema.createTable('generated_courses', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('topic', 200).notNullable()
        table.string('level', 20).notNullable().defaultTo('beginner')
        table.string('title', 255).notNullable()
        table.text('description').notNullable()
        table.text('modules').notNullable()
        table.text('document_ids').nullable()
        table.string('provider', 40).notNullable().defaultTo('local')
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        table.index(['user_id', 'id'])
      })
    }
    if (!(await this.schema.hasTable('ai_idempotency_keys'))) {
      this.schema.createTable('ai_idempotency_keys', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.string('key', 200).notNullable()
        table.string('operation', 60).notNullable()
        table.integer('status_code').notNullable()
        table.text('response').notNullable()
        table.timestamp('created_at').notNullable()
        table.unique(['user_id', 'key'])
      })
    }
  }

  async down() {
    for (const name of [
      'ai_idempotency_keys',
      'generated_courses',
      'ai_game_attempts',
      'ai_game_sessions',
      'ai_study_guide_sections',
      'ai_study_guides',
      'ai_flashcards',
      'ai_flashcard_sets',
      'ai_summaries',
    ]) {
      this.schema.dropTableIfExists(name)
    }
  }
}
