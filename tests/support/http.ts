import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'

type SignedIn = Parameters<ApiRequest['loginAs']>[0]
type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * Calls the JSON API the way the app's pages do: signed in as `user` when one is given, with the
 * CSRF token on every write and `body` (when given) sent as JSON. Returns Japa's request, so a
 * test can still chain `.header(...)` or `.redirects(0)`.
 *
 *   await api(client, user).patch(urlFor('api.subscriptions.auto_renew'), { enabled: false })
 */
export function api(client: ApiClient, user?: SignedIn) {
  const call = (verb: Verb) => (url: string, body?: unknown) => {
    let request = client[verb](url) as ApiRequest<any>
    if (verb !== 'get') request = request.withCsrfToken()
    if (body !== undefined) request = request.json(body)
    return user ? request.loginAs(user) : request
  }
  return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') }
}

/**
 * The contract's error body: the status, `{ code, message, status }` with that code, and
 * (with `reason`) the machine-readable reason some 400s carry.
 */
export function assertErrorBody(
  assert: Assert,
  response: ApiResponse,
  status: number,
  code: string,
  extra: Record<string, unknown> = {}
) {
  response.assertStatus(status)
  const body = response.body()
  assert.equal(body.code, code)
  assert.equal(body.status, status)
  assert.isString(body.message)
  assert.containsSubset(body, extra)
}
