import type { ApiClient, ApiRequest } from '@japa/api-client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'

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
