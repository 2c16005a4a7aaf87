import { test } from '@japa/runner'
import { connect } from 'node:net'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { clientErrorResponse } from '#services/infra/client_errors'

/** Sends raw bytes to the test server and reads until it closes the connection. */
function rawExchange(request: string): Promise<string> {
  const url = new URL(process.env.APP_URL ?? `http://${process.env.HOST}:${process.env.PORT}`)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname)
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')))
    socket.write(request)
  })
}

function bodyOf(answer: string) {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
}

test.group('Hardening / requests the HTTP parser refuses (docs/rules/hardening.md#json)', () => {
  test('headers over 16 KB: 431 with the contract body', async ({ assert }) => {
    const cookie = `big=${'a'.repeat(20_000)}`
    const answer = await rawExchange(
      `GET ${urlFor('api.health.live')} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`
    )
    assert.match(answer, /^HTTP\/1\.1 431 /)
    assert.match(answer, /content-type: application\/json/i)
    assert.deepEqual(bodyOf(answer), {
      code: 'BAD_REQUEST',
      message: 'The request headers are too large.',
      status: 431,
    })
  })

  test('a malformed request line: 400 with the contract body', async ({ assert }) => {
    const answer = await rawExchange(`GET ${urlFor('api.health.live')} HTTP/1.1 extra\r\nHost: x\r\n\r\n`)
    assert.match(answer, /^HTTP\/1\.1 400 /)
    assert.equal(bodyOf(answer).code, 'BAD_REQUEST')
    assert.equal(bodyOf(answer).status, 400)
  })

  test('a header with a bare control character: 400 with the contract body', async ({ assert }) => {
    const answer = await rawExchange(`GET ${urlFor('api.health.live')} HTTP/1.1\r\nHost: x\r\nX-Note: a\u0001b\r\n\r\n`)
    assert.match(answer, /^HTTP\/1\.1 400 /)
    assert.equal(bodyOf(answer).status, 400)
  })

  test('the server still answers normal requests after refusing one', async ({ client }) => {
    await rawExchange('NOT-A-METHOD\r\n\r\n')
    const response = await client.get(urlFor('api.health.live'))
    response.assertStatus(200)
  })

  test('each refusal code keeps its status; the length header matches the body', ({ assert }) => {
    for (const [code, status] of [
      ['HPE_HEADER_OVERFLOW', 431],
      ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413],
      ['ERR_HTTP_REQUEST_TIMEOUT', 408],
      ['HPE_INVALID_METHOD', 400],
      [undefined, 400],
    ] as const) {
      const answer = clientErrorResponse(code)
      assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `))
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4)
      assert.include(answer, `Content-Length: ${Buffer.byteLength(body)}\r\n`)
      assert.equal(JSON.parse(body).status, status)
    }
  })
})
