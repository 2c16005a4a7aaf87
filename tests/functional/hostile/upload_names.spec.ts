import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { ApiClient } from '@japa/api-client'
import { assertErrorBody } from '#tests/support/http'
import { aiGroup, aiUser, BIOLOGY_TEXT, countRows } from '#tests/support/ai'
import { filesStartingWith, marker } from '#tests/support/hostile/temp_files'

type User = Awaited<ReturnType<typeof aiUser>>

/** An upload whose part header carries `name` verbatim (form-data's `filepath` is not reduced to a base name). */
const uploadNamed = (client: ApiClient, user: User, name: string, fields: Record<string, string> = {}) => {
  let request = client
    .post(urlFor('api.documents.upload'))
    .file('file', Buffer.from(BIOLOGY_TEXT), { filepath: name } as unknown as { filename: string })
  for (const [field, value] of Object.entries(fields)) request = request.field(field, value)
  return request.loginAs(user).withCsrfToken()
}

const stored = (id: string) => db.from('documents').where('id', id).first()

test.group('Hostile I/O: what a client names its file (docs/rules/documents.md#upload)', (group) => {
  aiGroup(group)

  test('control, bidi and path characters never reach the stored name or title', async ({ client, assert }) => {
    const user = await aiUser()
    const cases: [string, string, string][] = [
      // NUL fails PostgreSQL's text type (a 500 there); SQLite stored it.
      ['a\u0000b.txt', 'ab.txt', 'ab'],
      ['notes\u0001\u001b[2J.txt', 'notes[2J.txt', 'notes[2J'],
      // A right-to-left override shows "txt.exe" as "exe.txt" in every listing.
      ['\u202Etxt.exe.txt', 'txt.exe.txt', 'txt.exe'],
      ['../../../etc/passwd.txt', 'passwd.txt', 'passwd'],
      ['C:\\Users\\ana\\Biology notes.md', 'Biology notes.md', 'Biology notes'],
      ['   .txt', 'document.txt', 'Untitled document'],
    ]
    for (const [name, fileName, title] of cases) {
      const response = await uploadNamed(client, user, name)
      assert.equal(response.status(), 201, JSON.stringify([name, response.body()]))
      const row = await stored(response.body().document.id)
      assert.equal(row.file_name, fileName, JSON.stringify(name))
      assert.equal(row.title, title, JSON.stringify(name))
    }
  })

  test('a title typed or named in decomposed Unicode is stored composed (NFC)', async ({ client, assert }) => {
    const user = await aiUser()
    const typed = await uploadNamed(client, user, 'notes.txt', { title: 'Pa\u0302tisserie' })
    typed.assertStatus(201)
    assert.equal((await stored(typed.body().document.id)).title, 'P\u00E2tisserie')
    const named = await uploadNamed(client, user, 'Cre\u0300me.txt')
    named.assertStatus(201)
    assert.equal((await stored(named.body().document.id)).title, 'Cr\u00E8me')
  })

  test('a 1,000-character or emoji name is cut to 255 characters, keeping its extension and whole characters', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    for (const name of [`${'x'.repeat(1000)}.txt`, `${'🧬'.repeat(200)}.md`]) {
      const response = await uploadNamed(client, user, name)
      response.assertStatus(201)
      const row = await stored(response.body().document.id)
      assert.isAtMost(row.file_name.length, 255)
      assert.isTrue(row.file_name.endsWith(name.slice(name.lastIndexOf('.'))), row.file_name.slice(-10))
      assert.isTrue(row.file_name.isWellFormed() && !row.file_name.includes('\uFFFD'), 'no character cut in half')
      assert.isTrue(row.title.isWellFormed() && !row.title.includes('\uFFFD'), 'no character cut in half')
      const download = await client.get(urlFor('api.my.documents.file', { id: row.id })).loginAs(user)
      download.assertStatus(200)
      const encoded = String(download.header('content-disposition')).split("filename*=UTF-8''")[1]
      assert.equal(decodeURIComponent(encoded), row.file_name)
    }
  })

  test('a title field with NUL or invalid UTF-8 → 400 like every other text input; nothing stored', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    for (const title of ['a\u0000b', 'caf\uFFFD notes']) {
      const mark = marker()
      const response = await client
        .post(urlFor('api.documents.upload'))
        .file('file', Buffer.from(`${mark}\n${BIOLOGY_TEXT}`), { filename: 'notes.txt' })
        .field('title', title)
        .loginAs(user)
        .withCsrfToken()
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.deepEqual(await filesStartingWith(mark), [], JSON.stringify(title))
    }
    assert.equal(await countRows('documents', { owner_id: user.id }), 0)
  })

  test('a name holding "filename*=" still gets the real filename* parameter', async ({ client, assert }) => {
    const user = await aiUser()
    const name = "a;b=c; filename*=UTF-8''evil.txt"
    const response = await uploadNamed(client, user, name)
    response.assertStatus(201)
    const download = await client
      .get(urlFor('api.my.documents.file', { id: response.body().document.id }))
      .loginAs(user)
    const header = String(download.header('content-disposition'))
    assert.match(header, /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/)
    assert.equal(decodeURIComponent(header.slice(header.lastIndexOf("; filename*=UTF-8''") + 19)), name)
  })
})

test.group('Hostile I/O: the title sent with an upload (docs/rules/documents.md#upload)', (group) => {
  aiGroup(group)

  test('a title of zero-width characters only counts as no title: the file name is used', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const response = await client
      .post(urlFor('api.documents.upload'))
      .file('file', Buffer.from(BIOLOGY_TEXT), { filename: 'Cell biology.txt' })
      .field('title', '\u200B\u200D\uFEFF')
      .loginAs(user)
      .withCsrfToken()
    response.assertStatus(201)
    assert.equal((await stored(response.body().document.id)).title, 'Cell biology')
  })
})
