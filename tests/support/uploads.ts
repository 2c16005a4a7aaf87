import type { ApiClient, ApiRequest } from '@japa/api-client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { BIOLOGY_TEXT } from '#tests/support/ai_fixtures'

type SignedIn = Parameters<ApiRequest['loginAs']>[0]

/**
 * POST /api/documents/upload as `user` (`null`: signed out) with the CSRF token: one file under
 * the `file` field (a study text by default) and the given form fields.
 */
export function uploadDocument(
  client: ApiClient,
  user: SignedIn | null,
  filename: string,
  content: Buffer | string = BIOLOGY_TEXT,
  fields: Record<string, string> = {}
) {
  let request = client
    .post(urlFor('api.documents.upload'))
    .file('file', Buffer.isBuffer(content) ? content : Buffer.from(content), { filename })
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value)
  request = request.withCsrfToken()
  return user ? request.loginAs(user) : request
}
