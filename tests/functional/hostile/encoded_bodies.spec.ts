import { test } from '@japa/runner'
import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createUser } from '#tests/support/users'
import { accountsGroup, baseUrl, signedInJar, PASSWORD, type CookieJar } from '#tests/support/accounts'

/*
| A body that says it is compressed (Content-Encoding gzip, deflate or br) but is not, or is cut
| short, is bad input: 400 with the contract body and no row, never a 500. A real compressed body
| still works, and one that inflates past the JSON limit is 413. Raw fetch: the test client
| re-encodes a binary body.
*/
test.group('Hostile input / Content-Encoding of a JSON body', (group) => {
  accountsGroup(group)

  const postNote = async (jar: CookieJar, bytes: Buffer, encoding: string) => {
    const response = await fetch(`${baseUrl()}${urlFor('api.notes.store')}`, {
      method: 'POST',
      headers: {
        'accept': 'application/json',
        'content-type': 'application/json',
        'content-encoding': encoding,
        'cookie': jar.header(),
        'x-xsrf-token': jar.xsrf(),
      },
      body: bytes,
    })
    return { status: response.status, body: (await response.json()) as any }
  }

  const signedIn = async () => {
    const user = await createUser({ password: PASSWORD })
    return { user, jar: await signedInJar(user.email, PASSWORD) }
  }
  const notesOf = async (userId: number) => (await db.from('structured_notes').where('user_id', userId)).length
  const contractError = (status: number, code: string) => ({ code, status })

  test('plain JSON labelled gzip, deflate or br is 400, and no note is written', async ({ assert }) => {
    const { user, jar } = await signedIn()
    const plain = Buffer.from(JSON.stringify({ title: 'Not compressed', body: 'x' }))
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await postNote(jar, plain, encoding)
      assert.equal(response.status, 400, encoding)
      assert.containsSubset(response.body, contractError(400, 'BAD_REQUEST'))
      assert.match(response.body.message, /compress/i, encoding)
    }
    assert.equal(await notesOf(user.id), 0)
  })

  test('a gzip body cut short is 400, and no note is written', async ({ assert }) => {
    const { user, jar } = await signedIn()
    const whole = gzipSync(Buffer.from(JSON.stringify({ title: 'Cut short', body: 'y'.repeat(2000) })))
    const response = await postNote(jar, whole.subarray(0, Math.floor(whole.length / 2)), 'gzip')
    assert.equal(response.status, 400)
    assert.containsSubset(response.body, contractError(400, 'BAD_REQUEST'))
    assert.equal(await notesOf(user.id), 0)
  })

  test('a real gzip, deflate or br JSON body is read', async ({ assert }) => {
    const { user, jar } = await signedIn()
    const json = (title: string) => Buffer.from(JSON.stringify({ title, body: 'compressed' }))
    const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }
    for (const [encoding, encode] of Object.entries(encoders)) {
      const response = await postNote(jar, encode(json(`Sent as ${encoding}`)), encoding)
      assert.equal(response.status, 201, encoding)
      assert.equal(response.body.title, `Sent as ${encoding}`)
    }
    assert.equal(await notesOf(user.id), 3)
  })

  test('a small gzip body that inflates past the JSON limit is 413', async ({ assert }) => {
    const { user, jar } = await signedIn()
    const bomb = gzipSync(Buffer.from(`{"title":"bomb","body":"${'a'.repeat(20 * 1024 * 1024)}"}`))
    assert.isBelow(bomb.length, 100_000)
    const response = await postNote(jar, bomb, 'gzip')
    assert.equal(response.status, 413)
    assert.containsSubset(response.body, contractError(413, 'PAYLOAD_TOO_LARGE'))
    assert.equal(await notesOf(user.id), 0)
  })
})
