import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'

/*
| Defects the route-by-route fuzz found (docs/decisions/hardening.md "Route fuzz"), each kept
| with the request that showed it.
*/
test.group('Hostile input / route fuzz regressions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the sign-in page with an unknown ?error code renders without a message (?error=__proto__ was a 500)', async ({
    client,
    assert,
  }) => {
    for (const error of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nonsense']) {
      const page = await client.get(urlFor('pages.auth.login', {}, { qs: { error } })).header('accept', 'text/html')
      page.assertStatus(200)
      assert.notInclude(page.text(), 'function')
    }
    const known = await client.get(urlFor('pages.auth.login', {}, { qs: { error: 'google_cancelled' } }))
    known.assertStatus(200)
    assert.include(known.text(), 'Google sign-in was cancelled.')
  })

  test('the warning page with ?reason=__proto__ or constructor shows the generic notice, not an empty one', async ({
    client,
    assert,
  }) => {
    for (const reason of ['__proto__', 'constructor', 'toString']) {
      const page = await client.get(urlFor('pages.warning', {}, { qs: { reason } }))
      page.assertStatus(200)
      assert.include(page.text(), 'Something needs your attention')
    }
  })
})
