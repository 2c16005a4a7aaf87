import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type StructuredNote from '#models/structured_note'

/** Marks a note as changed now (in the caller's transaction when given). */
export async function touchNote(note: StructuredNote, trx?: TransactionClientContract) {
  note.updatedAt = DateTime.utc()
  if (trx) note.useTransaction(trx)
  await note.save()
}
