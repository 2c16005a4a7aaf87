import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { listRoutes } from '#tests/support/hardening/world'
import { createUser } from '#tests/support/users'
import { LIBRARY_KINDS } from '#shared/api/study'

/*
| The order of checks puts the session first (docs/rules/billing.md#guard-order, docs/rules/accounts.md#csrf):
| a call with no credentials to a signed-in route is 401 (403 on admin-only routes), not the CSRF
| refusal; a signed-in call without the token is still refused by CSRF.
*/
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A URL the route matches: ids are digits, a study-library kind is one of its kinds, anything else a slug. */
function concrete(pattern: string) {
  const value = (name: string) => (/id$/i.test(name) ? '1' : name === 'kind' ? LIBRARY_KINDS[0] : 'x')
  return pattern.replace(/:(\w+)\??/g, (_all, name: string) => value(name))
}

test.group('Hardening / CSRF after the session check', () => {
  test('every signed-in mutation answers an anonymous caller without a token by its guard', async ({
    client,
    assert,
  }) => {
    const guarded = listRoutes().filter(
      (r) => MUTATIONS.has(r.method) && (r.middleware.includes('auth') || r.middleware.includes('admin'))
    )
    assert.isAbove(guarded.length, 30)
    const wrong: string[] = []
    for (const route of guarded) {
      const response = await client
        .request(concrete(route.pattern), route.method as any)
        .json({})
        .redirects(0)
      const expected = route.middleware.includes('auth') || route.pattern.includes('/sitemap/') ? 401 : 403
      const body = response.body() ?? {}
      if (response.status() !== expected || /csrf/i.test(String(body.message)))
        wrong.push(`${route.method} ${route.pattern} → ${response.status()} ${body.message}`)
    }
    assert.deepEqual(wrong, [])
  })

  test('a signed-in caller without the token is refused by CSRF (403)', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client.post(urlFor('api.notes.store')).json({ title: 'x' }).loginAs(user)
    response.assertStatus(403)
    assert.match(response.body().message, /csrf/i)
    const anonymous = await client.post(urlFor('api.notes.store')).json({ title: 'x' })
    anonymous.assertStatus(401)
    assert.equal(anonymous.body().code, 'UNAUTHORIZED')
  })
})
