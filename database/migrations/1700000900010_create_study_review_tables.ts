import { BaseSchema } from '@adonisjs/lucid/schema'
import { createTableIfMissing, dropTablesIfExist, foreignId, timestampColumns } from '#database/schema_columns'

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
    await createTableIfMissing(this, 'study_cards', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      foreignId(table, 'set_id', 'ai_flashcard_sets')
      foreignId(table, 'flashcard_id', 'ai_flashcards', { unique: true })
      table.boolean('cited').notNullable().defaultTo(false)
      foreignId(table, 'source_document_id', 'documents', { nullable: true, onDelete: 'SET NULL' })
      table.integer('source_chunk_index').nullable()
      foreignId(table, 'trivia_session_id', 'ai_game_sessions', { nullable: true, onDelete: 'SET NULL' })
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
      timestampColumns(table)
      // The due count and the next card: an index range scan per user.
      table.index(['user_id', 'due_at', 'id'], 'study_cards_user_due_index')
      table.index(['user_id', 'flashcard_id'], 'study_cards_user_flashcard_index')
      table.index(['set_id', 'due_at'], 'study_cards_set_due_index')
      table.index(['source_document_id'], 'study_cards_source_document_index')
      table.unique(['user_id', 'trivia_session_id', 'trivia_index'], { indexName: 'study_cards_trivia_unique' })
    })
    await createTableIfMissing(this, 'study_review_logs', (table) => {
      table.increments('id')
      foreignId(table, 'card_id', 'study_cards')
      foreignId(table, 'user_id', 'users')
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
    await createTableIfMissing(this, 'study_set_exams', (table) => {
      table.increments('id')
      foreignId(table, 'user_id', 'users')
      foreignId(table, 'set_id', 'ai_flashcard_sets', { unique: true })
      foreignId(table, 'note_id', 'structured_notes')
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'note_id'], 'study_set_exams_user_note_index')
    })
  }

  async down() {
    dropTablesIfExist(this, ['study_set_exams', 'study_review_logs', 'study_cards'])
  }
}
