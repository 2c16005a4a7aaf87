import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { api, assertErrorBody } from '#tests/support/http'
import { createNote, noteCount } from '#tests/support/notes'
import { createUser } from '#tests/support/users'

/** A JSON Canvas text node at the origin. */
const card = (id: string, text: string) => ({ id, type: 'text', x: 0, y: 0, width: 260, height: 180, text })

async function importedNotes(userId: number) {
  return db.from('structured_notes').where('user_id', userId).orderBy('id', 'asc').select('title', 'body')
}

/*
| JSON Canvas cards written by other tools (docs/decisions/notes.md, "Audit with outside input"):
| whatever the card holds reaches the note whole, or the import is refused; never cut.
*/
test.group('Notes / JSON Canvas import of cards nobody here wrote', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('our own export of a note at the size limits imports again', async ({ client, assert }) => {
    const user = await createUser()
    await createNote(client, user, { title: 'T'.repeat(200), body: 'b'.repeat(50000) })
    const exported = await client.get(urlFor('api.notes.canvas.export')).loginAs(user)
    const other = await createUser()
    const response = await api(client, other).post(urlFor('api.notes.canvas.import'), JSON.parse(exported.text()))
    response.assertStatus(200)
    assert.deepEqual(response.body(), { updated: 0, created: 1 })
    const [note] = await importedNotes(other.id)
    assert.equal(note.title, 'T'.repeat(200))
    assert.equal(note.body, 'b'.repeat(50000))
  })

  test('CR and CRLF line endings split the title from the body like LF', async ({ client, assert }) => {
    const user = await createUser()
    const response = await api(client, user).post(urlFor('api.notes.canvas.import'), {
      nodes: [card('mac', '# Mac title\rline one\rline two'), card('dos', '# Dos title\r\n\r\nline one\r\nline two')],
    })
    response.assertStatus(200)
    assert.deepEqual(await importedNotes(user.id), [
      { title: 'Mac title', body: 'line one\nline two' },
      { title: 'Dos title', body: 'line one\nline two' },
    ])
  })

  test('a one-paragraph card longer than a title keeps all its text in the body', async ({ client, assert }) => {
    const user = await createUser()
    const paragraph = 'Photosynthesis turns light into chemical energy. '.repeat(100).trim()
    const response = await api(client, user).post(urlFor('api.notes.canvas.import'), {
      nodes: [card('long', paragraph)],
    })
    response.assertStatus(200)
    const [note] = await importedNotes(user.id)
    assert.equal(note.body, paragraph)
    assert.isAtMost(note.title.length, 200)
    assert.isTrue(paragraph.startsWith(note.title))
    assert.notMatch(note.title, /\s$/)
  })

  test('a card whose body is over the note limit is 400 and no card of the file is written', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await api(client, user).post(urlFor('api.notes.canvas.import'), {
      nodes: [card('fine', '# Fine\nshort'), card('huge', `# Huge\n${'y'.repeat(50001)}`)],
    })
    assertErrorBody(assert, response, 400, 'BAD_REQUEST')
    assert.include(response.body().message, 'huge')
    assert.equal(await noteCount(user.id), 0)
  })
})
