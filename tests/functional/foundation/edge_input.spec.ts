import { test } from '@japa/runner'
import { api, assertErrorBody } from '#tests/support/http'
import { testServerUrl } from '#tests/support/test_run'
import { request } from 'node:http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/support/users'
import { aiUser, resetAiLimiter } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

/*
| Issue 14 C13 and C14: the error contract holds at the edge (docs/rules/hardening.md#json), and text input is
| text. Raw HTTP where a client library would repair the input (bad percent-encoding, invalid
| UTF-8 bytes).
*/
const base = () => new URL(testServerUrl())

function raw(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const url = base()
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { accept: 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          })
        )
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

test.group('Edge input / the error contract everywhere under /api (CONTRACT 2)', () => {
  test('a malformed percent-encoding in the path answers 400 with the contract body', async ({ assert }) => {
    const response = await raw('GET', '/api/documents/%E0%A4%A')
    assert.equal(response.status, 400)
    assert.match(response.type, /^application\/json/)
    const body = JSON.parse(response.body)
    assert.equal(body.code, 'BAD_REQUEST')
    assert.equal(body.status, 400)
    assert.match(body.message, /malformed/i)
  })

  test('an oversized JSON body answers 413 PAYLOAD_TOO_LARGE with a human message', async ({ client, assert }) => {
    const response = await client
      .post(urlFor('api.auth.login'))
      .json({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) })
    response.assertStatus(413)
    assert.deepEqual(response.body(), {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
      status: 413,
    })
  })

  test('deeply nested JSON answers 400 saying so, not a runtime message', async ({ assert }) => {
    const deep = `{"a":${'['.repeat(50000)}${']'.repeat(50000)}}`
    const response = await raw('POST', '/api/auth/login', Buffer.from(deep), { 'content-type': 'application/json' })
    assert.equal(response.status, 400)
    const body = JSON.parse(response.body)
    assert.equal(body.code, 'BAD_REQUEST')
    assert.notMatch(body.message, /call stack/i)
    assert.match(body.message, /nested too deeply|malformed/i)
  })
})

test.group('Edge input / named array items and text that is text', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a bad document id inside scope.document_ids names its list, not a bare index', async ({ client, assert }) => {
    await resetAiLimiter()
    const user = await aiUser()
    const response = await api(client, user).post(urlFor('api.ai.tools.run', { toolId: 'summary' }), {
      scope: { document_ids: ['1', '2', '3', null] },
    })
    response.assertStatus(400)
    const body = response.body()
    assert.equal(body.code, 'BAD_REQUEST')
    assert.notMatch(body.message, /^The 3 field/)
    assert.include(body.message, 'document_ids[3]')
  })

  for (const [label, title] of [
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a BOM and a word joiner', '\uFEFF\u2060'],
    ['blanks of several kinds', ' \u00A0\u3000\t'],
  ] as const) {
    test(`a note title made only of ${label} is empty: 400 and no row`, async ({ client, assert }) => {
      const user = await createUser()
      const response = await api(client, user).post(urlFor('api.notes.store'), { title, body: 'x' })
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      const rows = await db.from('structured_notes').where('user_id', user.id)
      assert.lengthOf(rows, 0)
    })
  }

  test('a lone surrogate in a JSON string is refused with 400, not stored as U+FFFD', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .post(urlFor('api.notes.store'))
      .header('content-type', 'application/json')
      .form('{"title":"Broken \\ud800 title","body":"x"}' as any)
      .loginAs(user)
      .withCsrfToken()
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    assert.lengthOf(await db.from('structured_notes').where('user_id', user.id), 0)
  })

  test('invalid UTF-8 bytes in the body are refused with 400', async ({ client, assert }) => {
    const user = await createUser()
    const bytes = Buffer.concat([
      Buffer.from('{"title":"Bad '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' bytes","body":"x"}'),
    ])
    const response = await client
      .post(urlFor('api.notes.store'))
      .header('content-type', 'application/json')
      .form(bytes as any)
      .loginAs(user)
      .withCsrfToken()
    response.assertStatus(400)
    assert.lengthOf(await db.from('structured_notes').where('user_id', user.id), 0)
  })
})
