import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { api } from '#tests/support/http'
import { createNote } from '#tests/support/notes'
import { createUser } from '#tests/support/users'

/** Every line break Unicode knows: CRLF, CR, LF, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR. */
const BREAKS = ['\r\n', '\r', '\n', '\v', '\f', '\u0085', '\u2028', '\u2029']

/*
| A title is one line (docs/decisions/notes.md, "Audit with outside input"): the JSON Canvas export
| writes it as the card's first line, so a title holding a line break came back from an import as
| a shorter title and a changed body.
*/
test.group('Notes / a title is one line', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('line breaks inside a title become one space, on create and on update', async ({ client, assert }) => {
    const user = await createUser()
    for (const linebreak of BREAKS) {
      const note = await createNote(client, user, { title: `Week 1${linebreak}${linebreak} Photosynthesis` })
      assert.equal(note.title, 'Week 1 Photosynthesis', JSON.stringify(linebreak))
      const updated = await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), {
        title: `Week 2${linebreak}Respiration`,
      })
      assert.equal(updated.body().title, 'Week 2 Respiration', JSON.stringify(linebreak))
    }
  })

  test('a title with line breaks survives the JSON Canvas export and import whole', async ({ client, assert }) => {
    const user = await createUser()
    await createNote(client, user, { title: 'Exam\r\nprep', body: 'Chapters 1-3' })
    const exported = await client.get(urlFor('api.notes.canvas.export')).loginAs(user)
    const other = await createUser()
    ;(await api(client, other).post(urlFor('api.notes.canvas.import'), JSON.parse(exported.text()))).assertStatus(200)
    const rows = await db.from('structured_notes').where('user_id', other.id).select('title', 'body')
    assert.deepEqual(rows, [{ title: 'Exam prep', body: 'Chapters 1-3' }])
  })
})
