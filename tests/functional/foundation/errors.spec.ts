import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Foundation / error body (CONTRACT 2)', () => {
  test('an unknown /api route answers 404 with the contract body', async ({ client }) => {
    const response = await client.get('/api/does-not-exist')
    response.assertStatus(404)
    response.assertBody({ code: 'NOT_FOUND', message: 'Not Found', status: 404 })
  })

  test('the home page is server rendered', async ({ client, assert }) => {
    const response = await client.get(urlFor('pages.home')).header('accept', 'text/html')
    response.assertStatus(200)
    assert.include(response.text(), 'data-server-rendered="true"')
    assert.include(response.text(), 'ca-pub-')
  })
})
