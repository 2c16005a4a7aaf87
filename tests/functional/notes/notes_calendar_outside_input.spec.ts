import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { createNote } from '#tests/support/notes'
import { api } from '#tests/support/http'
import { createUser } from '#tests/support/users'

/*
| The deadline feed read by a strict RFC 5545 check (docs/decisions/study_review.md "Audit
| with outside input"): no parser is installed, so the grammar the calendar apps rely on is
| checked line by line.
*/

/** Content lines of a feed, or the first rule it breaks. */
function strictLines(feed: string): string[] {
  if (!feed.endsWith('\r\n')) throw new Error('the feed must end with CRLF')
  if (/\r(?!\n)|(?<!\r)\n/.test(feed)) throw new Error('a bare CR or LF')
  for (const physical of feed.slice(0, -2).split('\r\n')) {
    if (Buffer.byteLength(physical) > 75) throw new Error(`a line over 75 octets: ${physical}`)
  }
  const lines = feed
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
  for (const line of lines) {
    const match = /^([A-Z][A-Z0-9-]*)((?:;[A-Z0-9-]+=[^;:]*)*):(.*)$/.exec(line)
    if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`)
    const [, name, , value] = match
    // CONTROL = %x00-08 / %x0A-1F / %x7F is never allowed in a value (3.1, 3.3.11).
    // eslint-disable-next-line no-control-regex -- the control characters RFC 5545 forbids
    if (/[\u0000-\u0008\u000A-\u001F\u007F]/.test(value)) throw new Error(`a control character in ${name}`)
    if (['SUMMARY', 'DESCRIPTION', 'LOCATION'].includes(name)) {
      // TEXT: a backslash escapes \ ; , n or N only; ; and , appear escaped.
      if (/\\(?![\\;,nN])/.test(value.replace(/\\\\/g, ''))) throw new Error(`a bad escape in ${name}`)
      if (/(?<!\\)[;,]/.test(value.replace(/\\\\/g, ''))) throw new Error(`an unescaped ; or , in ${name}`)
    }
    if (['DTSTART', 'DTEND', 'DTSTAMP', 'LAST-MODIFIED'].includes(name) && !/^\d{8}T\d{6}Z$/.test(value))
      throw new Error(`${name} is not a UTC date-time: ${value}`)
  }
  return lines
}

test.group('Notes / the calendar feed passes a strict RFC 5545 check', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('control characters in a title or body never reach the feed', async ({ client, assert }) => {
    const user = await createUser()
    await createNote(client, user, {
      title: 'Exam\u0001 one',
      body: 'bell\u0007 vt\u000b ff\u000c esc\u001b del\u007f tab\tkept; a,b \\ end',
      deadline_at: '2030-05-01T10:00:00+02:00',
    })
    // Written by another path (an import, an admin fix): the feed must still be valid. (NUL
    // cannot be stored in a PostgreSQL text column; SQLite takes it, and the feed drops it too.)
    const nul = db.connection().dialect.name === 'postgres' ? '' : '\u0000'
    await db
      .from('structured_notes')
      .where('user_id', user.id)
      .update({ title: `Raw${nul}\u0002\u001f title` })
    const { url } = (await api(client, user).post(urlFor('api.notes.calendar.rotate'))).body()
    const feed = await client.get(new URL(url).pathname)
    feed.assertStatus(200)
    const lines = strictLines(feed.text())
    assert.include(lines, 'SUMMARY:Raw title')
    assert.include(lines, 'DESCRIPTION:bell vt ff esc del tab\tkept\\; a\\,b \\\\ end')
  })

  test('every odd text still folds and escapes: , ; \\ newlines, emoji, 200-character titles', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await createNote(client, user, {
      title: `${'Ünïcödé 🙂, ; \\ '.repeat(12)}`.slice(0, 200).trim(),
      body: 'line one\r\nline two\rthree\nfour' + 'é'.repeat(300),
      deadline_at: '2030-02-28T23:59:59Z',
      reminder_at: '2030-02-28T23:00:00Z',
    })
    const { url } = (await api(client, user).post(urlFor('api.notes.calendar.rotate'))).body()
    const lines = strictLines((await client.get(new URL(url).pathname)).text())
    assert.include(lines, 'DTSTART:20300228T235959Z')
    assert.include(lines, 'DTEND:20300301T002959Z')
    // The alarm's lead to the second (it was rounded to whole minutes: -PT60M).
    assert.include(lines, 'TRIGGER:-PT59M59S')
  })
})
