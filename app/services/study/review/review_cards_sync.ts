import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { jsonColumn, type ChunkRef } from '#models/ai_json'
import { FsrsScheduler } from '#services/study/review/fsrs_scheduler'
import { rowOfState, wholeSecond, writeTime } from '#services/study/review/review_rows'
import { parseRowId } from '#validators/request_input'

const citationOf = jsonColumn<ChunkRef | null>(null).consume
const INSERT_CHUNK = 200

type FlashcardRow = { id: number; set_id: number; citation: unknown }

/**
 * Review cards are made lazily from the flashcard sets a student already has (issue 27): a
 * set with no card yet gets one per flashcard, due now. The probe is one index lookup per set
 * (study_cards(set_id, …)), so the due count stays cheap however many cards there are; a card
 * row already there (a concurrent sync) is skipped by the unique flashcard_id.
 */
export async function syncReviewCards(userId: number, now: Date = new Date()): Promise<number> {
  const pending = await db
    .from('ai_flashcard_sets as s')
    .where('s.user_id', userId)
    .whereNotExists((q) => q.from('study_cards as c').whereColumn('c.set_id', 's.id').select(db.raw('1')))
    .select('s.id')
  if (pending.length === 0) return 0
  const flashcards: FlashcardRow[] = await db
    .from('ai_flashcards')
    .whereIn(
      'set_id',
      pending.map((row) => row.id)
    )
    .orderBy('set_id')
    .orderBy('position')
    .select('id', 'set_id', 'citation')
  return insertCards(db, userId, flashcards, now)
}

/** Inserts a review card per flashcard (ids already owned by `userId`); existing ones are kept. */
export async function insertCards(
  client: typeof db | TransactionClientContract,
  userId: number,
  flashcards: FlashcardRow[],
  now: Date,
  extra: Record<string, unknown> = {}
): Promise<number> {
  if (flashcards.length === 0) return 0
  const cited = flashcards.map((f) => ({ flashcard: f, ref: citationOf(f.citation) }))
  const documentIds = [
    ...new Set(cited.map((c) => parseRowId(c.ref?.document_id)).filter((id): id is number => id !== null)),
  ]
  const present = new Set<number>()
  for (let i = 0; i < documentIds.length; i += 500) {
    const rows = await client
      .from('documents')
      .whereIn('id', documentIds.slice(i, i + 500))
      .select('id')
    for (const row of rows) present.add(Number(row.id))
  }
  const at = wholeSecond(now)
  const state = rowOfState(FsrsScheduler.newState(at))
  const stamp = writeTime(at)
  const rows = cited.map(({ flashcard, ref }) => {
    const documentId = parseRowId(ref?.document_id)
    const chunk = Number.isInteger(ref?.chunk_index) && ref!.chunk_index >= 0 ? ref!.chunk_index : null
    return {
      user_id: userId,
      set_id: flashcard.set_id,
      flashcard_id: flashcard.id,
      // A card whose passage is already gone is made suspended rather than left out.
      cited: documentId !== null && chunk !== null,
      source_document_id: documentId !== null && chunk !== null && present.has(documentId) ? documentId : null,
      source_chunk_index: documentId !== null ? chunk : null,
      ...state,
      again_streak: 0,
      created_at: stamp,
      updated_at: stamp,
      ...extra,
    }
  })
  let inserted = 0
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const result = await client
      .table('study_cards')
      .insert(rows.slice(i, i + INSERT_CHUNK))
      .onConflict('flashcard_id')
      .ignore()
    inserted += Array.isArray(result) ? result.length : 0
  }
  return inserted
}
