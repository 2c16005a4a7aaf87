import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createUser } from '#tests/support/users'
import { searchTextOf } from '#services/notes/note_search_service'
import { urlFor } from '@adonisjs/core/services/url_builder'
import app from '@adonisjs/core/services/app'
import { NotesCanvasService } from '#services/notes/notes_canvas_service'

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
async function insertFullNotes(userId: number, count: number) {
  const now = DateTime.utc().toSQL({ includeOffset: false })
  await db.table('structured_notes').multiInsert(
    Array.from({ length: count }, (_, i) => ({
      user_id: userId,
      title: `Note ${i}`,
      body: FULL_BODY,
      status: 'active',
      search_text: searchTextOf(`Note ${i}`, FULL_BODY),
      created_at: now,
      updated_at: now,
    }))
  )
}

test.group('Notes / pages stay small whatever the notes hold', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the canvas export of notes at the body limit is streamed, a page of notes at a time', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await insertFullNotes(user.id, 120)
    const response = await client.get(urlFor('api.notes.canvas.export')).loginAs(user)
    response.assertStatus(200)
    assert.equal(response.header('transfer-encoding'), 'chunked')
    assert.isUndefined(response.header('content-length'))
    assert.match(response.header('content-type') ?? '', /^application\/json/)
    const canvas = JSON.parse(response.text())
    assert.lengthOf(canvas.nodes, 120)
    assert.deepEqual(canvas.edges, [])
    assert.deepEqual(canvas.nodes[0], {
      id: canvas.nodes[0].id,
      type: 'text',
      x: 0,
      y: 0,
      width: 260,
      height: 180,
      text: `# Note 0\n\n${FULL_BODY}`,
    })

    // Bounded steps: no piece of the answer holds more than one note, and the event loop turns
    // between pages of bodies (one build of the whole file held it for seconds at 2,000 notes).
    const service = await app.container.make(NotesCanvasService)
    let turns = 0
    let running = true
    const tick = () => {
      turns++
      if (running) setImmediate(tick)
    }
    setImmediate(tick)
    let longest = 0
    let total = ''
    for await (const chunk of service.exportChunks(user)) {
      longest = Math.max(longest, chunk.length)
      total += chunk
    }
    running = false
    assert.isAtMost(longest, FULL_BODY.length + 300)
    assert.isAtLeast(turns, 2)
    assert.equal(total, response.text())
  })

  test('list and canvas pages of 100 notes at the body limit stay under 1 MB', async ({ client, assert }) => {
    const user = await createUser()
    await insertFullNotes(user.id, NOTES)
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
