import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { createNote } from '#tests/support/notes'
import { api } from '#tests/support/http'
import { createUser } from '#tests/support/users'

/** RFC 5545 3.1: a folded line continues after CRLF and one space. */
const unfold = (feed: string) => feed.replaceAll('\r\n ', '')

test.group('Notes / the calendar feed keeps any note text intact (RFC 5545)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('emoji and CJK survive folding; a bare CR or LF never starts a line', async ({ client, assert }) => {
    const user = await createUser()
    const title = `Exam${'🧬'.repeat(40)} 期末考试`
    const body = 'Bring notes\rEND:VEVENT\nBEGIN:VEVENT\r\nSUMMARY:injected'
    await createNote(client, user, { title, body, deadline_at: '2030-05-01T10:00:00Z' })
    const { url } = (await api(client, user).post(urlFor('api.notes.calendar.rotate'))).body()
    const feed = await client.get(new URL(url).pathname)
    feed.assertStatus(200)
    const text = feed.text()
    assert.notInclude(text, '\uFFFD', 'no character was cut in half by folding')
    assert.include(unfold(text), `SUMMARY:${title}\r\n`)
    assert.include(unfold(text), 'DESCRIPTION:Bring notes\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:injected\r\n')
    assert.notMatch(text, /\r(?!\n)|(?<!\r)\n/, 'every line ends in CRLF')
    assert.lengthOf(
      text.split('\r\n').filter((line) => line === 'BEGIN:VEVENT'),
      1,
      'one event'
    )
    for (const line of text.split('\r\n')) assert.isAtMost(Buffer.byteLength(line), 75, line)
  })
})
