import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import ICAL from 'ical.js'
import { createNote } from '#tests/support/notes'
import { api } from '#tests/support/http'
import { createUser } from '#tests/support/users'

/*
| The deadline feed read by a calendar client we did not write: Mozilla's ical.js (the parser of
| Thunderbird's calendar). Every title and body comes back as written, whatever it holds, and every
| deadline and reminder lands at the instant the note says.
*/
const NOTES = [
  { title: 'Exam: chapter 1; part A, B', body: 'commas, semicolons; a backslash \\ and\nthree\nlines' },
  { title: 'Ünïcödé 🙂 \\ family 👨‍👩‍👧', body: 'é'.repeat(300) },
  { title: 'x'.repeat(200), body: '日本語のノート, RTL שלום' },
  { title: 'Quote "double" and \'single\'', body: '' },
]

test.group('Notes / the calendar feed read by ical.js', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('titles, bodies, deadlines and reminders come back as written', async ({ client, assert }) => {
    const user = await createUser()
    for (const [i, note] of NOTES.entries())
      await createNote(client, user, {
        ...note,
        deadline_at: `2030-0${i + 1}-15T10:00:00+05:30`,
        reminder_at: `2030-0${i + 1}-14T22:15:30Z`,
      })
    const { url } = (await api(client, user).post(urlFor('api.notes.calendar.rotate'))).body()
    const calendar = new ICAL.Component(ICAL.parse((await client.get(new URL(url).pathname)).text()))
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
    assert.lengthOf(events, NOTES.length)
    for (const [i, note] of NOTES.entries()) {
      const event = events.find((e) => e.summary === note.title)
      assert.exists(event, note.title)
      assert.equal(event!.description ?? '', note.body)
      const start = event!.startDate.toJSDate().getTime()
      assert.equal(new Date(start).toISOString(), `2030-0${i + 1}-15T04:30:00.000Z`)
      const trigger = event!.component.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger')
      const lead = (trigger as ICAL.Duration).toSeconds()
      assert.equal(new Date(start + lead * 1000).toISOString(), `2030-0${i + 1}-14T22:15:30.000Z`)
    }
  })
})
