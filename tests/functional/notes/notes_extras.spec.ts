import { test } from '@japa/runner'
import { createNote } from '#tests/support/notes'
import { api } from '#tests/support/http'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import mail from '@adonisjs/mail/services/main'
import { createUser } from '#tests/support/users'
import { NoteRemindersService } from '#services/notes/note_reminders_service'
import { urlFor } from '@adonisjs/core/services/url_builder'

test.group('Notes beyond the spec / JSON Canvas 1.0 export and import', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('export: text nodes per note and group nodes per group label', async ({ client, assert }) => {
    const user = await createUser()
    const a = await createNote(client, user, {
      title: 'A',
      body: 'alpha',
      canvas: { x: 0, y: 0, width: 200, height: 100, group_label: 'Exams' },
    })
    await createNote(client, user, {
      title: 'B',
      canvas: { x: 300, y: 0, width: 200, height: 100, group_label: 'Exams' },
    })
    await createNote(client, user, { title: 'C' })
    const response = await client.get(urlFor('api.notes.canvas.export')).loginAs(user)
    response.assertStatus(200)
    const canvas = response.body()
    assert.isArray(canvas.edges)
    const text = canvas.nodes.filter((n: any) => n.type === 'text')
    const groups = canvas.nodes.filter((n: any) => n.type === 'group')
    assert.lengthOf(text, 3)
    assert.lengthOf(groups, 1)
    assert.equal(groups[0].label, 'Exams')
    const nodeA = text.find((n: any) => n.id === `note-${a.id}`)
    assert.equal(nodeA.text, '# A\n\nalpha')
    for (const n of canvas.nodes) for (const k of ['x', 'y', 'width', 'height']) assert.isTrue(Number.isInteger(n[k]))
  })

  test('import keeps positions and groups; text nodes become notes; bad bounds 400', async ({ client, assert }) => {
    const user = await createUser()
    const a = await createNote(client, user, { title: 'A', canvas: { x: 0, y: 0, width: 200, height: 100 } })
    const canvas = {
      nodes: [
        { id: 'g1', type: 'group', x: -10, y: -10, width: 1000, height: 500, label: 'Week 2' },
        { id: `note-${a.id}`, type: 'text', x: 50, y: 60, width: 220, height: 120, text: '# A' },
        { id: 'abc', type: 'text', x: 400, y: 60, width: 220, height: 120, text: '# Imported idea\n\nsome body' },
        { id: 'f', type: 'file', x: 0, y: 0, width: 100, height: 100, file: 'x.png' },
      ],
      edges: [],
    }
    const response = await api(client, user).post(urlFor('api.notes.canvas.import'), canvas)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { updated: 1, created: 1 })
    const fetched = await client.get(urlFor('api.notes.show', { id: a.id })).loginAs(user)
    assert.deepEqual(fetched.body().canvas, { x: 50, y: 60, width: 220, height: 120, group_label: 'Week 2' })
    const list = await client.get('/api/notes?q=imported idea').loginAs(user)
    assert.lengthOf(list.body().data, 1)
    assert.equal(list.body().data[0].body, 'some body')

    const bad = await api(client, user).post(urlFor('api.notes.canvas.import'), {
      nodes: [{ id: `note-${a.id}`, type: 'text', x: 0, y: 0, width: 5, height: 5 }],
    })
    bad.assertStatus(400)
    const after = await client.get(urlFor('api.notes.show', { id: a.id })).loginAs(user)
    assert.equal(after.body().canvas.width, 220)

    // Another user's note id in the file is not touched: it becomes a new note of the caller.
    const other = await createUser()
    const foreign = await createNote(client, other, { title: 'F', canvas: { x: 1, y: 1, width: 100, height: 100 } })
    await api(client, user).post(urlFor('api.notes.canvas.import'), {
      nodes: [{ id: `note-${foreign.id}`, type: 'text', x: 900, y: 900, width: 100, height: 100, text: 'Copy' }],
    })
    const untouched = await client.get(urlFor('api.notes.show', { id: foreign.id })).loginAs(other)
    assert.equal(untouched.body().canvas.x, 1)
  })
})

test.group('Notes beyond the spec / private calendar feed', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('rotate gives a secret .ics address; rotating again revokes the old one', async ({ client, assert }) => {
    const user = await createUser()
    await createNote(client, user, {
      title: 'Essay, part 1',
      deadline_at: '2030-05-01T10:00:00+02:00',
      reminder_at: '2030-05-01T09:00:00+02:00',
    })
    await createNote(client, user, { title: 'No deadline' })
    const rotated = await api(client, user).post(urlFor('api.notes.calendar.rotate'))
    rotated.assertStatus(200)
    const url = new URL(rotated.body().url)
    assert.match(url.pathname, /^\/notes\/calendar\/[A-Za-z0-9_-]+\.ics$/)
    const feed = await client.get(url.pathname)
    feed.assertStatus(200)
    assert.include(feed.header('content-type'), 'text/calendar')
    assert.include(feed.text(), 'BEGIN:VCALENDAR')
    assert.include(feed.text(), 'SUMMARY:Essay\\, part 1')
    assert.include(feed.text(), 'DTSTART:20300501T080000Z')
    assert.include(feed.text(), 'TRIGGER:-PT60M')
    assert.notInclude(feed.text(), 'No deadline')

    const again = await api(client, user).post(urlFor('api.notes.calendar.rotate'))
    const old = await client.get(url.pathname)
    old.assertStatus(404)
    const fresh = await client.get(new URL(again.body().url).pathname)
    fresh.assertStatus(200)
    ;(await client.get(urlFor('notes.calendar', { token: 'not-a-real-token-at-all-xx.ics' }))).assertStatus(404)
  })
})

test.group('Notes reminders through the API', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('changing reminder_at re-arms a sent reminder', async ({ client, assert }) => {
    const fake = mail.fake()
    const user = await createUser()
    const note = await createNote(client, user, {
      title: 'Remind me',
      reminder_at: DateTime.utc().minus({ minutes: 1 }).toISO(),
    })
    const service = new NoteRemindersService()
    assert.equal((await service.sendDue()).sent, 1)
    assert.equal((await service.sendDue()).sent, 0)
    await api(client, user).patch(urlFor('api.notes.update', { id: note.id }), {
      reminder_at: DateTime.utc().minus({ seconds: 5 }).toISO(),
    })
    assert.equal((await service.sendDue()).sent, 1)
    fake.mails.assertSentCount(2)
  })
})
