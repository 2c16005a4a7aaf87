import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import { testServerUrl } from '#tests/support/test_run'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** PostgreSQL refuses NUL in text; the app refuses it first, the same way on both databases. */
test.group('Foundation / NUL characters in input are a 400, never a 500', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('in a path parameter, a query string and a JSON body', async ({ client, assert }) => {
    const slug = await client.get('/api/institutions/a%00b')
    slug.assertStatus(400)
    slug.assertBodyContains({ code: 'BAD_REQUEST', status: 400 })

    const query = await client.get('/api/documents?q=a%00b')
    assertErrorBody(assert, query, 400, 'BAD_REQUEST')

    const user = await createUser()
    const before = await db.from('structured_notes').count('* as total').first()
    const body = await api(client, user).post(urlFor('api.notes.store'), { title: 'a\u0000b', body: '' })
    body.assertStatus(400)
    body.assertBodyContains({ code: 'BAD_REQUEST', status: 400 })
    const after = await db.from('structured_notes').count('* as total').first()
    assert.equal(Number(after.total), Number(before.total))
  })

  test('ordinary unicode passes through', async ({ client }) => {
    const response = await client.get('/api/documents?q=caf%C3%A9%20%E2%80%93%20%F0%9F%93%9A')
    response.assertStatus(200)
  })
})

test.group('Foundation / a JSON body that is not an object (CONTRACT 2)', () => {
  test('answers 400 BAD_REQUEST, not 422', async ({ assert }) => {
    const base = testServerUrl()
    for (const raw of ['null', '42', '"text"', '{"broken"']) {
      const response = await fetch(`${base}/api/billing/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      })
      assert.equal(response.status, 400, raw)
      const body = (await response.json()) as { code: string; status: number }
      assert.equal(body.code, 'BAD_REQUEST')
      assert.equal(body.status, 400)
    }
  })
})
