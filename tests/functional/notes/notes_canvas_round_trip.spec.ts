import { test } from '@japa/runner'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import StructuredNote from '#models/structured_note'
import { searchTextOf } from '#services/notes/note_search_service'
import { CANVAS_EXPORT_MAX_BYTES, EXPORT_MAX } from '#services/notes/canvas_export'
import { CARD_TEXT_MAX, NOTE_BODY_MAX } from '#services/notes/canvas_card_text'
import { api, assertErrorBody } from '#tests/support/http'
import { createUser } from '#tests/support/users'
import { type CookieJar, baseUrl, signedInJar } from '#tests/support/accounts'

/** `count` active notes of `userId` with bodies at the limit (docs/rules/notes.md#notes: body up to 50,000). */
async function fullNotes(userId: number, count: number, letter = 'é') {
  const notes = []
  for (let i = 0; i < count; i++) {
    const title = `Note ${i} `.padEnd(200, 't')
    const body = `${letter}${i} `.padEnd(NOTE_BODY_MAX, letter)
    notes.push({ userId, title, body, status: 'active' as const, searchText: searchTextOf(title, body) })
  }
  return StructuredNote.createMany(notes)
}

/**
 * A POST that announces a JSON body of `length` bytes and sends only its first bytes; the body is never
 * finished, so the request stays open until the server answers or it is destroyed.
 */
function openBody(path: string, length: number, jar?: CookieJar, onResponse?: (res: IncomingMessage) => void) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(length),
    'accept': 'application/json',
  }
  if (jar) Object.assign(headers, { 'cookie': jar.header(), 'x-xsrf-token': jar.xsrf() })
  const req = httpRequest(`${baseUrl()}${path}`, { method: 'POST', headers }, onResponse)
  req.write('{"nodes":[')
  return req
}

/**
 * What the server answers to `openBody` before reading it (a body over a limit is refused from its Content-Length);
 * status 0 when it waits for the body instead.
 */
function announce(path: string, length: number, jar?: CookieJar, waitMs = 10_000) {
  return new Promise<{ status: number; body: any; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = openBody(path, length, jar, (res) => {
      let text = ''
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => {
        req.destroy()
        resolve({ status: res.statusCode!, body: JSON.parse(text), headers: res.headers })
      })
    })
    req.on('error', reject)
    // No answer while the body is unfinished: status 0, not a run that hangs.
    setTimeout(() => {
      req.destroy()
      resolve({ status: 0, body: null, headers: {} })
    }, waitMs).unref()
  })
}

test.group('Notes / JSON Canvas export imported again (docs/decisions/notes.md)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an export over 1 MB is imported again: by its owner (layout) and by another account (new notes)', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const notes = await fullNotes(owner.id, 12)
    const exported = await client.get(urlFor('api.notes.canvas.export')).loginAs(owner)
    exported.assertStatus(200)
    const text = exported.text()
    assert.isAbove(Buffer.byteLength(text), 1024 * 1024)
    const canvas = JSON.parse(text)
    assert.lengthOf(canvas.nodes, 12)

    const back = await api(client, owner).post(urlFor('api.notes.canvas.import'), canvas)
    back.assertStatus(200)
    assert.deepEqual(back.body(), { updated: 12, created: 0 })

    const other = await createUser()
    const copied = await api(client, other).post(urlFor('api.notes.canvas.import'), canvas)
    copied.assertStatus(200)
    assert.deepEqual(copied.body(), { updated: 0, created: 12 })
    const copies = await StructuredNote.query().where('user_id', other.id).orderBy('id')
    assert.deepEqual(
      copies.map((n) => [n.title, n.body]),
      notes.map((n) => [n.title, n.body])
    )
  })

  test('the import limit holds the largest export; a body announced over it is 413, other routes keep 1 MB', async ({
    client,
    assert,
  }) => {
    // Every card at CARD_TEXT_MAX units of 3-byte characters, plus a group node per card.
    assert.isAtLeast(CANVAS_EXPORT_MAX_BYTES, EXPORT_MAX * 3 * CARD_TEXT_MAX)
    const user = await createUser({ password: 'secret-password' })
    const jar = await signedInJar(user.email, 'secret-password')
    const over = await announce(urlFor('api.notes.canvas.import'), CANVAS_EXPORT_MAX_BYTES + 1, jar)
    assert.equal(over.status, 413)
    assert.containsSubset(over.body, { code: 'PAYLOAD_TOO_LARGE', status: 413 })
    const other = await announce(urlFor('api.notes.store'), 2 * 1024 * 1024, jar)
    assert.equal(other.status, 413)
    const note = await api(client, user).post(urlFor('api.notes.store'), { title: 'x', body: 'a'.repeat(1024 * 1024) })
    assertErrorBody(assert, note, 413, 'PAYLOAD_TOO_LARGE')
  })

  test('at most two large imports are read at once: a third is 503 with Retry-After, and the slots come back', async ({
    assert,
  }) => {
    const user = await createUser({ password: 'secret-password' })
    const jar = await signedInJar(user.email, 'secret-password')
    const path = urlFor('api.notes.canvas.import')
    const held = [openBody(path, 5 * 1024 * 1024, jar), openBody(path, 5 * 1024 * 1024, jar)]
    for (const request of held) request.on('error', () => {})
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      const third = await announce(path, 5 * 1024 * 1024, jar)
      assert.equal(third.status, 503)
      assert.containsSubset(third.body, { code: 'SERVICE_UNAVAILABLE', status: 503 })
      assert.equal(third.headers['retry-after'], '5')
    } finally {
      for (const request of held) request.destroy()
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    const after = await announce(path, CANVAS_EXPORT_MAX_BYTES + 1, jar)
    assert.equal(after.status, 413)
  })

  test('an anonymous import is 401 before its body is read', async ({ assert }) => {
    const anonymous = await announce(urlFor('api.notes.canvas.import'), CANVAS_EXPORT_MAX_BYTES, undefined)
    assert.equal(anonymous.status, 401)
    assert.containsSubset(anonymous.body, { code: 'UNAUTHORIZED', status: 401 })
  })

  test('the import body read after auth still gets the text-input rule (NUL is 400)', async ({ client, assert }) => {
    const user = await createUser()
    const node = { id: 'n', type: 'text', x: 0, y: 0, width: 200, height: 100, text: '# A\u0000' }
    const response = await api(client, user).post(urlFor('api.notes.canvas.import'), { nodes: [node] })
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    assert.lengthOf(await StructuredNote.query().where('user_id', user.id), 0)
  })

  test('2,000 notes without a saved layout export within the canvas bounds and import again', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const rows = Array.from({ length: EXPORT_MAX }, (_, i) => ({
      userId: user.id,
      title: `N${i}`,
      body: '',
      status: 'active' as const,
      searchText: `n${i}`,
    }))
    for (let i = 0; i < rows.length; i += 500) await StructuredNote.createMany(rows.slice(i, i + 500))
    const exported = await client.get(urlFor('api.notes.canvas.export')).loginAs(user)
    const canvas = JSON.parse(exported.text())
    assert.lengthOf(canvas.nodes, EXPORT_MAX)
    // docs/rules/notes.md#canvas: x and y within ±100000.
    for (const n of canvas.nodes) assert.isAtMost(Math.max(Math.abs(n.x), Math.abs(n.y)), 100000, n.id)
    // The first 1,600 keep the grid they always had: 4 wide, from the origin.
    assert.containsSubset(canvas.nodes[5], { x: 300, y: 220 })
    const back = await api(client, user).post(urlFor('api.notes.canvas.import'), canvas)
    back.assertStatus(200)
    assert.deepEqual(back.body(), { updated: EXPORT_MAX, created: 0 })
  }).timeout(60000)
})
