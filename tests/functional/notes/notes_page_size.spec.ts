import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createUser } from '#tests/support/users'
import { searchTextOf } from '#services/notes/note_search_service'

const FULL_BODY = 'Mitochondria make ATP. '.repeat(2200).slice(0, 50_000)
const NOTES = 100

/** The page object a server-rendered page hands the client (the data-page script). */
function pageObject(html: string) {
  const json = /<script[^>]*data-page="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (!json) throw new Error('no page object in the HTML')
  return JSON.parse(json[1])
}

/*
| The list and canvas pages show a line or four of each body, yet handed the client every body
| whole: 100 notes at the 50,000 limit made a 10 MB page, rendered in one turn of the event loop
| (docs/decisions/notes.md, "Audit with outside input"). They carry a preview now; a note's own
| page and the API keep the whole body.
*/
test.group('Notes / pages stay small whatever the notes hold', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('list and canvas pages of 100 notes at the body limit stay under 1 MB', async ({ client, assert }) => {
    const user = await createUser()
    const now = DateTime.utc().toSQL({ includeOffset: false })
    await db.table('structured_notes').multiInsert(
      Array.from({ length: NOTES }, (_, i) => ({
        user_id: user.id,
        title: `Note ${i}`,
        body: FULL_BODY,
        status: 'active',
        search_text: searchTextOf(`Note ${i}`, FULL_BODY),
        created_at: now,
        updated_at: now,
      }))
    )
    for (const path of ['/notes?limit=100', '/notes/canvas']) {
      const response = await client.get(path).loginAs(user)
      response.assertStatus(200)
      const html = response.text()
      assert.isBelow(html.length, 1_000_000, path)
      const props = pageObject(html).props
      const notes = props.notes ?? props.list.data
      assert.lengthOf(notes, NOTES, path)
      for (const note of notes) {
        assert.isAtMost(note.body.length, 500, path)
        assert.isTrue(FULL_BODY.startsWith(note.body), path)
      }
    }
    const id = (await db.from('structured_notes').where('user_id', user.id).first()).id
    const page = pageObject((await client.get(`/notes/${id}`).loginAs(user)).text())
    assert.equal(page.props.note.body, FULL_BODY)
    const api = await client.get('/api/notes?limit=1').loginAs(user)
    assert.equal(api.body().data[0].body, FULL_BODY)
  })
})
