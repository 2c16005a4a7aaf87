import type { QueryClientContract } from '@adonisjs/lucid/types/database'

const TARGET_COLUMN = { document: 'document_id', course: 'course_id', institution: 'institution_id' } as const

/**
 * docs/rules/notes.md#notes: a hard-deleted target sets every target column of its references to null (the id
 * and the slug), without deleting the reference, which then reads `unavailable`. Run it in the
 * transaction that deletes the target.
 */
export async function detachReferencesTo(client: QueryClientContract, kind: keyof typeof TARGET_COLUMN, id: number) {
  const column = TARGET_COLUMN[kind]
  await client
    .from('structured_note_references')
    .where('target_type', kind)
    .where(column, id)
    .update({ [column]: null, target_slug: null })
}
