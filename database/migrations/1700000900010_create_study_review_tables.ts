import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Spaced review (issue 27, docs/rules/study.md#review "Study loop"). Additive and guarded.
 * - study_cards: one review card per flashcard, with its FSRS state. The cited passage is a
 *   real FK with ON DELETE SET NULL, so a hard-deleted source leaves the card (and its history)
 *   in place: `cited` still says it had one, and the card reads as suspended.
 * - study_review_logs: one row per rating (the FSRS review log), for stats and retention.
 * - study_set_exams: a set marked "for this exam" by a note with a deadline.
 */
export default class extends BaseSchema {
  async up() {
    if (!(await this.schema.hasTable('study_cards'))) {
      this.schema.createTable('study_cards', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table
          .integer('set_id')
          .notNullable()
          .unsigned()
          .references('id')
          .inTable('ai_flashcard_sets')
          .onDelete('CASCADE')
        table
          .integer('flashcard_id')
          .notNullable()
          .unsigned()
          .unique()
          .references('id')
          .inTable('ai_flashcards')
          .onDelete('CASCADE')
        table.boolean('cited').notNullable().defaultTo(false)
        table
          .integer('source_document_id')
          .nullable()
          .unsigned()
          .references('id')
          .inTable('documents')
          .onDelete('SET NULL')
        table.integer('source_chunk_index').nullable()
        table
          .integer('trivia_session_id')
          .nullable()
          .unsigned()
          .references('id')
          .inTable('ai_game_sessions')
          .onDelete('SET NULL')
        table.integer('trivia_index').nullable()
        table.timestamp('due_at').notNullable()
        table.double('stability').notNullable().defaultTo(0)
        table.double('difficulty').notNullable().defaultTo(0)
        table.integer('elapsed_days').notNullable().defaultTo(0)
        table.integer('scheduled_days').notNullable().defaultTo(0)
        table.integer('learning_steps').notNullable().defaultTo(0)
        table.integer('reps').notNullable().defaultTo(0)
        table.integer('lapses').notNullable().defaultTo(0)
        table.smallint('state').notNullable().defaultTo(0)
        table.timestamp('last_review_at').nullable()
        table.integer('again_streak').notNullable().defaultTo(0)
        table.timestamp('leech_at').nullable()
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').notNullable()
        // The due count and the next card: an index range scan per user.
        table.index(['user_id', 'due_at', 'id'], 'study_cards_user_due_index')
        table.index(['user_id', 'flashcard_id'], 'study_cards_user_flashcard_index')
        table.index(['set_id', 'due_at'], 'study_cards_set_due_index')
        table.index(['source_document_id'], 'study_cards_source_document_index')
        table.unique(['user_id', 'trivia_session_id', 'trivia_index'], { indexName: 'study_cards_trivia_unique' })
      })
    }
    if (!(await this.schema.hasTable('study_review_logs'))) {
      this.schema.createTable('study_review_logs', (table) => {
        table.increments('id')
        table.integer('card_id').notNullable().unsigned().references('id').inTable('study_cards').onDelete('CASCADE')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table.smallint('rating').notNullable()
        table.smallint('state').notNullable()
        table.timestamp('due_at').notNullable()
        table.double('stability').notNullable()
        table.double('difficulty').notNullable()
        table.integer('elapsed_days').notNullable()
        table.integer('last_elapsed_days').notNullable()
        table.integer('scheduled_days').notNullable()
        table.integer('learning_steps').notNullable()
        table.timestamp('reviewed_at').notNullable()
        table.index(['user_id', 'reviewed_at'], 'study_review_logs_user_reviewed_index')
        table.index(['card_id', 'reviewed_at'], 'study_review_logs_card_reviewed_index')
      })
    }
    if (!(await this.schema.hasTable('study_set_exams'))) {
      this.schema.createTable('study_set_exams', (table) => {
        table.increments('id')
        table.integer('user_id').notNullable().unsigned().references('id').inTable('users').onDelete('CASCADE')
        table
          .integer('set_id')
          .notNullable()
          .unsigned()
          .unique()
          .references('id')
          .inTable('ai_flashcard_sets')
          .onDelete('CASCADE')
        table
          .integer('note_id')
          .notNullable()
          .unsigned()
          .references('id')
          .inTable('structured_notes')
          .onDelete('CASCADE')
        table.timestamp('created_at').notNullable()
        table.index(['user_id', 'note_id'], 'study_set_exams_user_note_index')
      })
    }
  }

  async down() {
    this.schema.dropTableIfExists('study_set_exams')
    this.schema.dropTableIfExists('study_review_logs')
    this.schema.dropTableIfExists('study_cards')
  }
}
