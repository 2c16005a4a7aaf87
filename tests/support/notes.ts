import type { ApiClient, ApiRequest } from '@japa/api-client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'
import { createDocument } from '#tests/support/catalog'
import db from '@adonisjs/lucid/services/db'

/** Creates a note through the API as `user` (asserting the 201) and returns its JSON. */
export async function createNote(
  client: ApiClient,
  user: Parameters<ApiRequest['loginAs']>[0],
  body: Record<string, unknown>
) {
  const response = await api(client, user).post(urlFor('api.notes.store'), body)
  response.assertStatus(201)
  return response.body()
}

/** A new document and a note of `user` that references it; returns both and the reference id. */
export async function noteReferencingDocument(client: ApiClient, user: Parameters<ApiRequest['loginAs']>[0]) {
  const doc = await createDocument()
  const note = await createNote(client, user, {
    title: 'N',
    references: [{ target_type: 'document', target_id: String(doc.id) }],
  })
  return { doc, note, refId: note.references[0].id as string }
}

/** How many notes `userId` has in the table (any status). */
export async function noteCount(userId: number) {
  const row = await db.from('structured_notes').where('user_id', userId).count('* as total').first()
  return Number(row.total)
}
