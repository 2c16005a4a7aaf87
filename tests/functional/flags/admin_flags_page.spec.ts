import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser } from '#tests/support/users'
import { setFlag } from '#tests/support/flags'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Flags / admin page /admin/flags (SPEC F rule 5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('anonymous visitors are sent to /login?next=/admin/flags', async ({ client, assert }) => {
    const response = await client.get(urlFor('pages.admin.flags')).header('accept', 'text/html').redirects(0)
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/login?next=%2Fadmin%2Fflags')
  })

  test('a non-admin gets the 403 page', async ({ client, assert }) => {
    const user = await createUser({ role: 'user' })
    const response = await client.get(urlFor('pages.admin.flags')).header('accept', 'text/html').loginAs(user)
    response.assertStatus(403)
    assert.include(response.text(), 'Access denied')
  })

  test('an admin gets the server-rendered table with the flags', async ({ client, assert }) => {
    const user = await createUser({ role: 'admin' })
    await setFlag('enable_rendered_flag', true)
    const response = await client.get(urlFor('pages.admin.flags')).header('accept', 'text/html').loginAs(user)
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, 'data-server-rendered="true"')
    assert.include(html, 'Feature flags')
    assert.include(html, 'enable_rendered_flag')
    assert.include(html, 'Last Updated')
    assert.include(html, 'Create Flag')
    assert.equal(response.header('x-robots-tag'), 'noindex, nofollow')
  })
})
